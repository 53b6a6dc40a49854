import type { Language } from './rules/constants';

/**
 * Strings a locale may share with English (decision 125). The web locale test and the email
 * catalogue test both ask `findEnglishCopies`: a translated string equal to English is an error
 * unless, once its placeholders and the terms below are taken out, no letter is left. So a string
 * made only of placeholders and punctuation (`{{wins}} · {{losses}}`) passes on its own, and so does
 * one made only of allowed terms ("Backtest: {{seasons}}" in German); any English word beside them
 * fails. Terms match whole words, case-insensitively ("TIPSTER" in a column head).
 *
 * Keep this short. A term belongs here only when it is what a reader of that language really
 * reads on sites like ours, with the reason beside it; "the translator did not get to it" is not
 * a reason. New strings (prices, applications, earnings, payouts) pass through the same check.
 */

/** Names that no language translates: brands, services, competitions' own names, a time standard. */
export const SAME_IN_EVERY_LANGUAGE: Readonly<Record<string, string>> = {
  'Google reCAPTCHA': 'product name of the anti-robot service',
  Telegram: 'messaging service name',
  Messenger: 'messaging service name (Facebook Messenger)',
  Bundesliga: 'competition name',
  'La Liga': 'competition name',
  'Serie A': 'competition name',
  'Ligue 1': 'competition name',
  Eredivisie: 'competition name',
  'Primeira Liga': 'competition name',
  'UEFA Champions League': 'competition name',
  UTC: 'time standard, written so in every language',
  CLV: 'closing-line value: the betting term is abbreviated CLV in every language, as odds sites write it',
};

const TIERS = {
  Premium: 'name of a tipster tier, used in the site’s own sentences in this language',
  Senior: 'name of a tipster tier, used in the site’s own sentences in this language',
} as const;

/** Per language: words that language writes exactly as English does, as this site uses them. */
export const SAME_AS_ENGLISH: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>> = {
  'ar-ae': {},
  cn: {},
  il: {},
  in: {},
  kr: {},
  ru: {},
  th: {},
  jp: { OK: 'the OK button is written in Latin letters in Japanese interfaces' },
  de: {
    ...TIERS,
    OK: 'German word (Duden)',
    Admin: 'German word (Duden), role name',
    Backtest: 'finance term German uses as is; the German model pages say Backtest',
    Credits: 'the site’s unit; German sentences on the site say „Credits kaufen“',
    Dashboard: 'German word (Duden); used in German sentences on the site',
    Details: 'German word',
    Format: 'German word',
    Live: 'German word (Duden); used in German sentences on the site',
    Name: 'German word',
    Status: 'German word',
    Tipster: 'German betting term; used in German sentences on the site',
  },
  es: {
    ...TIERS,
    Admin: 'role name Spanish interfaces use as is',
    Australia: 'Spanish name of the country',
    Backtest: 'finance term Spanish uses as is',
    Decimal: 'Spanish word',
    No: 'Spanish word',
    Roles: 'Spanish word (plural of rol)',
    Stake: 'Spanish tipster jargon; used in Spanish sentences on the site',
    Tipster: 'Spanish tipster jargon; used in Spanish sentences on the site',
    Tipsters: 'plural of the above',
    Total: 'Spanish word',
    Yield: 'Spanish tipster jargon; used in Spanish sentences on the site',
  },
  fr: {
    ...TIERS,
    Action: 'French word',
    Actions: 'French word',
    Admin: 'role name French interfaces use as is',
    Backtest: 'finance term French uses as is',
    Contact: 'French word',
    Date: 'French word',
    Match: 'French word',
    Menu: 'French word',
    Message: 'French word',
    Notifications: 'French word',
    OK: 'French interfaces write OK',
    Pages: 'French word',
    Performance: 'French word',
    Photo: 'French word',
    Profit: 'French word',
    Score: 'French football word',
    Tipster: 'French tipster jargon; used in French sentences on the site',
    Tipsters: 'plural of the above',
    Total: 'French word',
  },
  id: {
    ...TIERS,
    Admin: 'Indonesian word (KBBI)',
    Bio: 'Indonesian interfaces write Bio',
    Checkout: 'Indonesian shops say checkout',
    Email: 'Indonesian interfaces write email; used in Indonesian sentences on the site',
    Format: 'Indonesian word',
    unit: 'Indonesian word (KBBI), a stake counted in units',
    'Kick-off': 'Indonesian football term; used in Indonesian sentences on the site',
    Min: 'abbreviation of minimum, also Indonesian',
    Model: 'Indonesian word',
    Odds: 'Indonesian betting term; used in Indonesian sentences on the site',
    OK: 'Indonesian interfaces write OK',
    Profit: 'Indonesian word',
    Stake: 'Indonesian betting term; used in Indonesian sentences on the site',
    Status: 'Indonesian word',
    Tips: 'Indonesian word; used in Indonesian sentences on the site',
    Tipster: 'Indonesian betting term; used in Indonesian sentences on the site',
    Total: 'Indonesian word',
    Yield: 'betting term; used in Indonesian sentences on the site',
    Australia: 'Indonesian name of the country',
    Menu: 'Indonesian word',
  },
  it: {
    ...TIERS,
    Account: 'Italian interfaces say account; used in Italian sentences on the site',
    Admin: 'role name Italian interfaces use as is',
    Australia: 'Italian name of the country',
    Backtest: 'finance term Italian uses as is',
    Dashboard: 'Italian interfaces say dashboard',
    Email: 'Italian word; used in Italian sentences on the site',
    Home: 'Italian interfaces call the start page Home',
    Max: 'abbreviation of massimo',
    Menu: 'Italian word',
    Min: 'abbreviation of minimo',
    No: 'Italian word',
    OK: 'Italian interfaces write OK',
    Over: 'Italian bookmakers name the total goals market Over/Under',
    Password: 'Italian interfaces say password; used in Italian sentences on the site',
    Tipster: 'Italian betting term; used in Italian sentences on the site',
    Under: 'Italian bookmakers name the total goals market Over/Under',
    Yield: 'betting term; used in Italian sentences on the site',
  },
  my: {
    ...TIERS,
    Admin: 'Malay word',
    Australia: 'Malay name of the country',
    Bio: 'Malay interfaces write Bio',
    Format: 'Malay word',
    unit: 'Malay word (DBP), a stake counted in units',
    Menu: 'Malay word',
    Min: 'abbreviation of minimum, also Malay',
    Model: 'Malay word',
    Odds: 'Malaysian betting term; used in Malay sentences on the site',
    OK: 'Malay interfaces write OK',
    Status: 'Malay word',
    Tip: 'used in Malay sentences on the site',
    Tipster: 'Malaysian betting term; used in Malay sentences on the site',
    'United Kingdom': 'the name Malaysia uses for the country',
  },
  pt: {
    Premium: TIERS.Premium,
    Admin: 'role name Portuguese interfaces use as is',
    Backtest: 'finance term Portuguese uses as is',
    Decimal: 'Portuguese word',
    Email: 'Portuguese interfaces say email; used in Portuguese sentences on the site',
    Emails: 'plural of the above',
    Menu: 'Portuguese word',
    Odds: 'betting term; used in Portuguese sentences on the site',
    OK: 'Portuguese interfaces write OK',
    Stake: 'tipster jargon; used in Portuguese sentences on the site',
    Tipster: 'tipster jargon; used in Portuguese sentences on the site',
    Tipsters: 'plural of the above',
    Total: 'Portuguese word',
    Yield: 'tipster jargon; used in Portuguese sentences on the site',
  },
  tr: {
    Premium: TIERS.Premium,
    Model: 'Turkish word',
  },
  vn: {
    ...TIERS,
    Email: 'Vietnamese interfaces write email; used in Vietnamese sentences on the site',
    Menu: 'Vietnamese interfaces write menu',
    OK: 'Vietnamese interfaces write OK',
    Tip: 'used in Vietnamese sentences on the site',
    Tipster: 'used in Vietnamese sentences on the site',
  },
};

const PLACEHOLDER = /\{\{[^}]*\}\}/g;
/** i18next plural suffixes: a form is compared with every English form of the same key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The letters left once placeholders and the language's allowed terms are taken out. */
export function lettersBeyondAllowedTerms(text: string, language: Exclude<Language, 'en'>): string {
  const terms = [...Object.keys(SAME_IN_EVERY_LANGUAGE), ...Object.keys(SAME_AS_ENGLISH[language])].sort(
    (a, b) => b.length - a.length,
  );
  let rest = text.replace(PLACEHOLDER, ' ');
  for (const term of terms)
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  return (rest.match(/\p{L}+/gu) ?? []).join(' ');
}

export type EnglishCopy = { key: string; text: string };

/**
 * Keys of `translated` whose text is byte-identical to English and not made only of placeholders
 * and allowed terms. Both catalogues are flat: dotted key → string.
 */
export function findEnglishCopies(
  english: ReadonlyMap<string, unknown>,
  translated: ReadonlyMap<string, unknown>,
  language: Exclude<Language, 'en'>,
): EnglishCopy[] {
  const copies: EnglishCopy[] = [];
  for (const [key, value] of translated) {
    if (typeof value !== 'string') continue;
    const base = key.replace(PLURAL, '');
    const sources = PLURAL.test(key)
      ? [...english].filter(([k]) => k.replace(PLURAL, '') === base && PLURAL.test(k)).map(([, v]) => v)
      : [english.get(key)];
    if (!sources.includes(value)) continue;
    if (lettersBeyondAllowedTerms(value, language) === '') continue;
    copies.push({ key, text: value });
  }
  return copies;
}
