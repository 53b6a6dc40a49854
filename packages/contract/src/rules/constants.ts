// Business constants from SPEC §2 and §9. Shared so that the API's defaults and the web's
// controls can never drift apart.

export const PAGE_SIZES = {
  tipsDefault: 10,
  todayTips: 5,
  home: 4,
  tipsterList: 5,
  notFound: 4,
  tipstersDefault: 10,
  records: 5,
} as const;

// Upper bound for any pageSize query parameter: keeps a single request cheap for the database.
export const MAX_PAGE_SIZE = 50;

/** Database ids are int4 (serial): a larger one cannot exist and must not reach PostgreSQL (400). */
export const MAX_DB_ID = 2_147_483_647;

// The price filter inputs on the today-tips page (dollars).
export const PRICE_FILTER = { min: 0, max: 9999, step: 50, defaultMin: 0, defaultMax: 5000 } as const;

// Defaults the API applies when GET /tips omits minPrice / maxPrice (dollars).
export const TIPS_LIST_PRICE_DEFAULTS = { min: 0, max: 10000 } as const;

// The odds range a punter may filter the tip list by (decimal odds; issue #30.1).
export const ODDS_FILTER = { min: 1.01, max: 1000 } as const;

/**
 * How GET /tips may order the list (issue #30.1): by kick-off (the default), price low to high or
 * high to low, or by the tipster's proven record (apps/api catalogue: one measure, in one place).
 */
export const TIP_LIST_SORTS = ['kickoff', 'priceAsc', 'priceDesc', 'record'] as const;
export type TipListSort = (typeof TIP_LIST_SORTS)[number];

export const REQUEST_TIMEOUT_MS = 30_000;
export const TOAST_MS = 3_000;
export const RESET_REDIRECT_MS = 5_000;
export const VERIFY_REDIRECT_MS = 4_000;
export const RESET_CODE_TTL_MINUTES = 10;
export const BIO_PREVIEW_CHARS = 100;
export const RECORDS_MONTHS_MAX = 6;
export const LAST_RESULTS_COUNT = 5;
export const SEO_KEYWORDS_PER_PAGE = 150;

// Widths in px at which layouts switch (SPEC §9).
export const BREAKPOINTS = { mobile: 768, ai: 1200, dashboard: 1600 } as const;

// Subdomain codes, in the order the language modal lists them. They are site codes, not BCP 47
// tags (e.g. `jp`, `kr`, `il`), hence LANGUAGE_HTML_LANG below for the `lang` attribute.
export const LANGUAGES = [
  'ar-ae',
  'cn',
  'de',
  'en',
  'es',
  'fr',
  'id',
  'il',
  'in',
  'it',
  'jp',
  'kr',
  'my',
  'pt',
  'ru',
  'th',
  'tr',
  'vn',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar-ae', 'il'];

// Each language named in itself, as a language picker should show it.
export const LANGUAGE_NAMES: Record<Language, string> = {
  'ar-ae': 'العربية',
  cn: '中文',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  il: 'עברית',
  in: 'हिन्दी',
  it: 'Italiano',
  jp: '日本語',
  kr: '한국어',
  my: 'Bahasa Melayu',
  pt: 'Português',
  ru: 'Русский',
  th: 'ไทย',
  tr: 'Türkçe',
  vn: 'Tiếng Việt',
};

// The BCP 47 tag for <html lang> and hreflang; the site codes are country-like.
export const LANGUAGE_HTML_LANG: Record<Language, string> = {
  'ar-ae': 'ar-AE',
  cn: 'zh-CN',
  de: 'de',
  en: 'en',
  es: 'es',
  fr: 'fr',
  id: 'id',
  il: 'he',
  in: 'hi',
  it: 'it',
  jp: 'ja',
  kr: 'ko',
  my: 'ms',
  pt: 'pt',
  ru: 'ru',
  th: 'th',
  tr: 'tr',
  vn: 'vi',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtlLanguage(language: Language): boolean {
  return RTL_LANGUAGES.includes(language);
}

// Cart bodies and cart look-ups carry at most this many tip ids.
export const CART_MAX_TIPS = 50;

export const MIN_AGE = 18;
export const COPYRIGHT = '2015-2025';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
