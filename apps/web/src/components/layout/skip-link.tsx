import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-full bg-gold-400 px-4 py-2 font-bold text-pitch-950 focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-[70]"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
