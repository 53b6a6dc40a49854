import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner';

/** Holds the page's space while its code loads, so the footer does not jump up and back down. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-[70dvh] place-items-center text-gold-300">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}

/** Before the first route's code has arrived: an empty, correctly coloured screen. */
export function InitialFallback() {
  return <div className="min-h-dvh bg-pitch-950" />;
}
