import type { TFunction } from 'i18next';

/**
 * The competitions whose names the locale files carry (the competitions area), by code. These are
 * the ones the demo replays; any other competition shows the English name the API sends.
 */
export const TRANSLATED_COMPETITIONS = [
  'en.1',
  'en.2',
  'de.1',
  'es.1',
  'it.1',
  'fr.1',
  'nl.1',
  'pt.1',
  'uefa.cl',
] as const;

/** i18next reads dots as nesting, so 'uefa.cl' is stored under 'uefa_cl'. */
export function competitionKey(code: string): string {
  return `competitions.names.${code.replace(/\./g, '_')}`;
}

/**
 * A competition's name in the page's language, from its code (a stable key); the English name
 * the API sent when the code is missing or not translated.
 */
export function competitionName(t: TFunction, code: string | null | undefined, englishName: string): string {
  if (!code || !(TRANSLATED_COMPETITIONS as readonly string[]).includes(code)) return englishName;
  return t(competitionKey(code), { defaultValue: englishName });
}
