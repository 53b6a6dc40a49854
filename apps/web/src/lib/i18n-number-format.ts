/**
 * i18next's `{{count, number}}` with one Intl.NumberFormat per language and format, not one per
 * count. i18next's own cached formatter keys its cache on every option of the t() call, the
 * count included, so each new figure built a new Intl.NumberFormat (about a millisecond each on
 * a phone): the tipster cards' "15 wins · 17 losses" were most of /tipsters' longest task
 * (issue #32).
 */

// The options of `{{value, number(minimumFractionDigits: 2)}}` that mean something to Intl; the
// rest of what i18next passes (count, lng, ns, defaultValue…) must not split the cache.
const INTL_OPTIONS = [
  'style',
  'currency',
  'currencyDisplay',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingMode',
] as const;

const formats = new Map<string, Intl.NumberFormat>();

export function numberFormatFor(language: string, options: Record<string, unknown> = {}): Intl.NumberFormat {
  const intl = Object.fromEntries(
    INTL_OPTIONS.filter((name) => options[name] !== undefined).map((name) => [name, options[name]]),
  ) as Intl.NumberFormatOptions;
  const key = `${language}|${JSON.stringify(intl)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, intl);
    formats.set(key, format);
  }
  return format;
}

/** The `number` format for i18next's formatter (`i18n.services.formatter.add('number', …)`). */
export function formatI18nNumber(
  value: unknown,
  language: string | undefined,
  options?: Record<string, unknown>,
): string {
  if (typeof value !== 'number') return String(value);
  return numberFormatFor(language ?? 'en', options).format(value);
}
