import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code or data loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      className="fixed inset-x-0 top-0 z-[65] h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-progress bg-gradient-to-r from-transparent via-gold-300 to-transparent" />
    </div>
  );
}
