import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_SERVICES,
  type ConsentChoices,
  type ConsentService,
  useConsentStore,
} from '../../stores/consent-store';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

const CHECKBOX = 'mt-0.5 size-5 shrink-0 accent-gold-400';

function ServiceRow({
  service,
  checked,
  onChange,
}: {
  service: ConsentService;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:border-line-strong">
        <input
          type="checkbox"
          name={service}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className={CHECKBOX}
        />
        <span className="flex flex-col gap-0.5">
          <span className="text-sm font-semibold">{t(`consent.services.${service}.name`)}</span>
          <span className="text-xs text-ink-muted">{t(`consent.services.${service}.body`)}</span>
        </span>
      </label>
    </li>
  );
}

/** "Cookie & content settings": the choices, one switch per third-party service. */
export function ConsentSettingsDialog() {
  const { t } = useTranslation();
  const stored = useConsentStore((state) => state.choices);
  const save = useConsentStore((state) => state.save);
  const acceptAll = useConsentStore((state) => state.acceptAll);
  const essentialOnly = useConsentStore((state) => state.essentialOnly);
  const close = useConsentStore((state) => state.closeSettings);
  const [choices, setChoices] = useState<ConsentChoices>(stored);

  return (
    <Modal
      open
      onClose={close}
      title={t('consent.settingsTitle')}
      description={t('consent.intro')}
      closeLabel={t('common.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={essentialOnly}>
            {t('consent.essentialOnly')}
          </Button>
          <Button variant="secondary" onClick={acceptAll}>
            {t('consent.acceptAll')}
          </Button>
          <Button onClick={() => save(choices)}>{t('consent.save')}</Button>
        </div>
      }
    >
      <ul className="flex flex-col gap-2">
        <li>
          <label className="flex items-start gap-3 rounded-lg border border-line p-3 opacity-80">
            <input type="checkbox" checked disabled className={CHECKBOX} />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-semibold">{t('consent.services.essential.name')}</span>
              <span className="text-xs text-ink-muted">{t('consent.services.essential.body')}</span>
            </span>
          </label>
        </li>
        {CONSENT_SERVICES.map((service) => (
          <ServiceRow
            key={service}
            service={service}
            checked={choices[service]}
            onChange={(checked) => setChoices((current) => ({ ...current, [service]: checked }))}
          />
        ))}
      </ul>
    </Modal>
  );
}
