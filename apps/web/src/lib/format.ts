import { FALLBACK_LANGUAGE, type Language } from '@tips/contract/rules';
import { htmlLangOf } from './language';

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

/** A credit balance as the header shows it: two decimals, digits of the page's language. */
export function formatCreditAmount(amount: number, language: Language = FALLBACK_LANGUAGE): string {
  return twoDecimals(language).format(amount);
}
