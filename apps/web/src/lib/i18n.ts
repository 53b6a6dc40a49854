import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@tips/contract/rules';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatI18nNumber } from './i18n-number-format';
import { applyDocumentLanguage, htmlLangOf, siteLanguageOf } from './language';
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
  i18n.on('languageChanged', (next) => applyDocumentLanguage(siteLanguageOf(next)));
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      // i18next speaks BCP 47 (its plural rules come from Intl.PluralRules of this tag); the
      // backend maps each tag back to the site code that names its file (locale-backend.ts).
      lng: htmlLangOf(language),
      fallbackLng: htmlLangOf(FALLBACK_LANGUAGE),
      supportedLngs: LANGUAGES.map(htmlLangOf),
      // Tags such as `ar-AE` and `zh-CN` are whole: never load an `ar` file, keep their case.
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      // React escapes everything it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  i18n.services.formatter?.add('number', formatI18nNumber);
  return i18n;
}
