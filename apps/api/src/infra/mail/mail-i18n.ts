import {
  FALLBACK_LANGUAGE,
  isLanguage,
  isRtlLanguage,
  LANGUAGE_HTML_LANG,
  LANGUAGES,
  type Language,
} from '@tips/contract';
import { translateSelection } from '@tips/contract/rules';
import i18next, { type TFunction } from 'i18next';
import arAe from './locales/ar-ae.json';
import cn from './locales/cn.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import id from './locales/id.json';
import il from './locales/il.json';
import inHi from './locales/in.json';
import it from './locales/it.json';
import jp from './locales/jp.json';
import kr from './locales/kr.json';
import my from './locales/my.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import th from './locales/th.json';
import tr from './locales/tr.json';
import vn from './locales/vn.json';

/**
 * The email catalogues, one per site language (the contract's list). Bundled as imports rather
 * than read from disk so that rendering an email is synchronous and never does I/O inside the
 * transaction that queues it.
 */
export const MAIL_CATALOGUES: Record<Language, Record<string, unknown>> = {
  'ar-ae': arAe,
  cn,
  de,
  en,
  es,
  fr,
  id,
  il,
  in: inHi,
  it,
  jp,
  kr,
  my,
  pt,
  ru,
  th,
  tr,
  vn,
};

// A separate instance: the API must not share (or mutate) i18next's global one.
const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: MAIL_CATALOGUES[lng] }])),
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Language codes such as `ar-ae` are site codes, not locales to be split into `ar`.
  load: 'currentOnly',
  lowerCaseLng: true,
  initAsync: false,
  // renderEmail escapes every value for HTML, and the plain-text part must stay unescaped.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A stored or derived language, or English for anything unknown (an old row, a visitor). */
export function mailLanguage(value: unknown): Language {
  return isLanguage(value) ? value : FALLBACK_LANGUAGE;
}

export interface MailLocale {
  language: Language;
  t: TFunction;
  /** BCP 47 tag for `<html lang>` and Intl formatting. */
  htmlLang: string;
  dir: 'ltr' | 'rtl';
}

export function mailLocale(language: unknown): MailLocale {
  const lng = mailLanguage(language);
  return {
    language: lng,
    t: mailI18n.getFixedT(lng),
    htmlLang: LANGUAGE_HTML_LANG[lng],
    dir: isRtlLanguage(lng) ? 'rtl' : 'ltr',
  };
}

/** A selection's market words ("Home -0.5") in the email's language; lines and names as written. */
export function selectionLabel(selection: string, locale: MailLocale): string {
  return translateSelection(selection, (word) => locale.t(`selectionWords.${word}`, { defaultValue: word }));
}

/** A betting type's name in the catalogue, or the contract's English name for an unknown code. */
export function bettingTypeLabel(code: number, locale: MailLocale): string {
  return locale.t(`bettingTypes.${code}`, { defaultValue: `Type ${code}` });
}
