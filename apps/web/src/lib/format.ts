import { FALLBACK_LANGUAGE, type Language } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { htmlLangOf, siteLanguageOf } from './language';

const formatters = new Map<string, Intl.NumberFormat>();

function twoDecimals(language: Language): Intl.NumberFormat {
  const locale = htmlLangOf(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "10,000": a whole count with its thousands grouped as the records write them (en-GB). By hand:
 * the first Intl.NumberFormat of a page loads the locale's data, about 50 ms at 4× CPU throttling,
 * the longest piece of the statistics page's work (issue #32.3).
 */
export function formatGroupedInteger(value: number): string {
  return Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A credit balance as the header shows it: two decimals, digits of the page's language. */
export function formatCreditAmount(amount: number, language: Language = FALLBACK_LANGUAGE): string {
  return twoDecimals(language).format(amount);
}

/**
 * #21.5: every credit figure in the page's number format ("500,00" in German, Arabic digits in
 * Arabic), the header's and the dashboard's alike. Takes credits (not hundredths).
 */
export function useFormatCreditAmount(): (amount: number) => string {
  const { i18n } = useTranslation();
  // i18next holds the BCP 47 tag (ar-AE); the site speaks in site codes (ar-ae).
  const language = siteLanguageOf(i18n.resolvedLanguage);
  return (amount) => formatCreditAmount(amount, language);
}
