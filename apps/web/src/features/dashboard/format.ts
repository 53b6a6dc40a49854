import { type Language, roundUpDollars, toCents } from '@tips/contract/rules';
import { htmlLangOf } from '../../lib/language';

// SPEC §2/§9: the dashboard shows dates en-US short and prices rounded up to whole dollars — in
// English. Every other language writes its dates its own way (Intl with its BCP 47 tag): "Mitglied
// seit 27. Nov. 2026", not "Nov 27, 2026" (issue #30.5). A kick-off always names its zone.
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(language: Language) {
  const tag = language === 'en' ? 'en-US' : htmlLangOf(language);
  let cached = formats.get(tag);
  if (!cached) {
    cached = {
      date: new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric' }),
      dateTime: new Intl.DateTimeFormat(tag, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
    };
    formats.set(tag, cached);
  }
  return cached;
}

function valid(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026" in English, "22. Nov. 2026" in German … */
export function formatDashboardDate(value: string, language: Language = 'en'): string {
  const date = valid(value);
  return date ? formatsFor(language).date.format(date) : '';
}

/** "Nov 22, 2026, 3:30 PM GMT+1" in English; the language's own order and clock elsewhere. */
export function formatDashboardDateTime(value: string, language: Language = 'en'): string {
  const date = valid(value);
  return date ? formatsFor(language).dateTime.format(date) : '';
}

/** "$13" for 12.10 */
export function formatRoundedUpPrice(dollars: number): string {
  return `$${roundUpDollars(toCents(dollars))}`;
}
