import { ALERT_MODES, type AlertMode } from '@tips/contract/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useAlertSettings, useSaveAlertMode } from '../api/alerts-api';

const SELECT =
  'h-10 rounded-lg border border-line-strong bg-pitch-900 px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-gold-300';

/**
 * Dashboard: how followed tipsters' new tips reach the user by email (the bell always lists them):
 * a default for every tipster and an override per tipster. Saved as soon as a choice changes.
 */
export function AlertSettingsBox() {
  const { t } = useTranslation();
  const headingId = useId();
  const defaultId = useId();
  const settings = useAlertSettings();
  const save = useSaveAlertMode();
  const modeLabel = (mode: AlertMode) => t(`alerts.settings.modes.${mode}`);

  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      data-testid="alert-settings"
    >
      <div>
        <h2 id={headingId} className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
          {t('alerts.settings.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('alerts.settings.lede')}</p>
      </div>
      {settings.data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={defaultId} className="text-sm font-semibold text-ink">
              {t('alerts.settings.default')}
            </label>
            <select
              id={defaultId}
              className={SELECT}
              value={settings.data.mode}
              aria-describedby={`${defaultId}-hint`}
              onChange={(event) => save.mutate({ tipsterId: null, mode: event.target.value as AlertMode })}
            >
              {ALERT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {modeLabel(mode)}
                </option>
              ))}
            </select>
            <p id={`${defaultId}-hint`} className="w-full text-xs text-ink-subtle">
              {t('alerts.settings.defaultHint')}
            </p>
          </div>
          {settings.data.tipsters.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('alerts.settings.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line border-t border-line">
              {settings.data.tipsters.map((tipster) => (
                <li
                  key={tipster.tipsterId}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <label
                    htmlFor={`${defaultId}-${tipster.tipsterId}`}
                    className="min-w-0 truncate text-sm text-ink"
                  >
                    {tipster.tipsterName}
                  </label>
                  <select
                    id={`${defaultId}-${tipster.tipsterId}`}
                    className={SELECT}
                    value={tipster.mode ?? ''}
                    onChange={(event) =>
                      save.mutate({
                        tipsterId: tipster.tipsterId,
                        mode: event.target.value === '' ? null : (event.target.value as AlertMode),
                      })
                    }
                  >
                    <option value="">
                      {t('alerts.settings.useDefault', { mode: modeLabel(settings.data.mode) })}
                    </option>
                    {ALERT_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {modeLabel(mode)}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
          )}
          <p role="status" className="min-h-5 text-xs text-ink-subtle">
            {save.isSuccess ? t('alerts.settings.saved') : save.isError ? t('alerts.settings.failed') : ''}
          </p>
        </>
      ) : (
        <p className="text-sm text-ink-muted">{settings.isError ? t('alerts.settings.failed') : '…'}</p>
      )}
    </Card>
  );
}
