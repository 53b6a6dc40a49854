import type { Language } from '@tips/contract/rules';
import { htmlLangOf } from './language';

// ISO 3166-1 alpha-2 regions. Accounts store the English name (the demo data and older accounts
// do too); the list shows each name in the page's language.
const REGION_CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(
    ' ',
  );

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<string, CountryOption[]>();

function namesIn(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    return null;
  }
}

/** Every country, valued by its English name and labelled in `language`, sorted for that language. */
export function countryOptions(language: Language): CountryOption[] {
  const locale = htmlLangOf(language);
  const cached = cache.get(locale);
  if (cached) return cached;
  const english = namesIn('en');
  const local = namesIn(locale) ?? english;
  const options = REGION_CODES.map((code) => {
    const value = english?.of(code) ?? code;
    return { value, label: local?.of(code) ?? value };
  }).sort((a, b) => a.label.localeCompare(b.label, locale));
  cache.set(locale, options);
  return options;
}

/** The options, plus `current` when it is a free-text country from an older account. */
export function countryOptionsWith(language: Language, current: string | undefined): CountryOption[] {
  const options = countryOptions(language);
  if (!current || options.some((option) => option.value === current)) return options;
  return [{ value: current, label: current }, ...options];
}

// Short English names that tipster locations use ("Dubai, UAE") beside Intl's own English names.
const ENGLISH_ALIASES: Record<string, string> = {
  UK: 'GB',
  'United Kingdom': 'GB',
  England: 'GB',
  Scotland: 'GB',
  UAE: 'AE',
  USA: 'US',
  Turkey: 'TR',
  Holland: 'NL',
  Russia: 'RU',
  'South Korea': 'KR',
  Korea: 'KR',
  Vietnam: 'VN',
};

let codeByEnglishName: Map<string, string> | null = null;

/** The ISO region code of an English country name ("Germany", "UK"), null when it is not one. */
export function regionCodeOfEnglishName(name: string): string | null {
  if (!codeByEnglishName) {
    const english = namesIn('en');
    codeByEnglishName = new Map(
      REGION_CODES.map((code) => [(english?.of(code) ?? code).toLowerCase(), code] as const),
    );
    for (const [alias, code] of Object.entries(ENGLISH_ALIASES))
      codeByEnglishName.set(alias.toLowerCase(), code);
  }
  return codeByEnglishName.get(name.trim().toLowerCase()) ?? null;
}

/** A region's name in `language` ("DE" → "Deutschland" on de), or null where Intl cannot name it. */
export function regionName(code: string, language: Language): string | null {
  const name = namesIn(htmlLangOf(language))?.of(code);
  return name && name !== code ? name : null;
}

/**
 * A tipster's location ("Munich, Germany", free text the admin typed in English) in `language`:
 * the country, its last comma-separated part, is named by Intl in the page's language; the city is
 * a proper noun and stays. Text whose last part is not a country is returned as it is.
 */
export function localizeLocation(location: string, language: Language): string {
  if (language === 'en') return location;
  const cut = location.lastIndexOf(',');
  const country = location.slice(cut + 1).trim();
  const code = regionCodeOfEnglishName(country);
  const translated = code ? regionName(code, language) : null;
  if (!translated) return location;
  if (cut < 0) return translated;
  const city = location.slice(0, cut).trim();
  // Arabic, Chinese and Japanese write their own comma.
  return `${city}${LIST_COMMA[language] ?? ', '}${translated}`;
}

const LIST_COMMA: Partial<Record<Language, string>> = { 'ar-ae': '، ', cn: '，', jp: '、' };
