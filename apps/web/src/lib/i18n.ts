import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@tips/contract/rules';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './language';
import { localeBackend } from './locale-backend';

/**
 * Loads the page's language (and English as the fallback) before the first render, so the
 * first paint is already translated and no Suspense fallback replaces the page afterwards.
 */
export async function initI18n(language: Language): Promise<typeof i18n> {
  applyDocumentLanguage(language);
  // From here i18next requests the locale files itself: the preload script that index.html loads
  // (vite.config.ts, `preloadLocales`) must not start a second request if it runs this late.
  document.documentElement.dataset.i18n = 'loading';
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyDocumentLanguage(next);
  });
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGES,
      // Site codes such as `ar-ae` are whole codes: never load an `ar` file, never re-case them.
      load: 'currentOnly',
      lowerCaseLng: true,
      // React escapes everything it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18n;
}
