import { useTranslation } from 'react-i18next';
import { useConsentStore } from '../../stores/consent-store';
import { Button } from '../ui/button';

/**
 * The first-visit prompt (issue #22.6): a region at the bottom, not a modal, so the page stays
 * usable and readable behind it; nothing third-party loads until it is answered with a yes.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const hasDecided = useConsentStore((state) => state.hasDecided);
  const isSettingsOpen = useConsentStore((state) => state.isSettingsOpen);
  const acceptAll = useConsentStore((state) => state.acceptAll);
  const essentialOnly = useConsentStore((state) => state.essentialOnly);
  const openSettings = useConsentStore((state) => state.openSettings);
  if (hasDecided || isSettingsOpen) return null;

  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line-strong bg-pitch-900/98 shadow-2xl backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:gap-6 md:px-6">
        <div className="flex flex-col gap-1">
          <h2 id="consent-banner-title" className="font-display text-base font-bold uppercase tracking-wide">
            {t('consent.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('consent.intro')}</p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-wrap md:flex-nowrap">
          <Button size="sm" onClick={acceptAll}>
            {t('consent.acceptAll')}
          </Button>
          <Button size="sm" variant="secondary" onClick={essentialOnly}>
            {t('consent.essentialOnly')}
          </Button>
          <Button size="sm" variant="ghost" className="col-span-2" onClick={openSettings}>
            {t('consent.choose')}
          </Button>
        </div>
      </div>
    </section>
  );
}
