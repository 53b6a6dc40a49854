/** The locale a page's dates are written in: English dates are en-GB, as the SPEC's other dates (§9). */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}
