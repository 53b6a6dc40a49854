import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const english = import.meta.glob<Record<string, unknown>>('../../public/locales/en.json', {
  eager: true,
  import: 'default',
});

/** i18next with the real English strings, loaded synchronously for component tests. */
export async function initTestI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: Object.values(english)[0] } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
