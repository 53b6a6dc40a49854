import { FALLBACK_LANGUAGE, type Language } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { htmlLangOf, siteLanguageOf } from './language';

// SPEC §9: event times en-GB with a 24-hour clock, other dates en-GB, prices with a dollar sign
// and two decimals, odds and hit rates with two decimals (hit rate with %). Issue #30.5: the SPEC
// names these for English; a kick-off in another language is written by that language's own
// conventions (useFormatKickOff), always with the zone.

// Built on first use: each Intl.DateTimeFormat costs ~10 ms of main thread under 4× CPU throttling,
// and building them when the module loads put 45 ms in front of the home page's first paint (the tip
// cards import this module, the landing route's dates are only shown once tips have arrived).
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('en-GB', options);
    return format;
  };
}

const DATE = lazyFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

const SHORT_DATE = lazyFormat({ day: '2-digit', month: 'short' });

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Kick-offs before a purchase name the zone ("18:30 GMT+1"): the viewer's own, which Intl uses
// by default, so a buyer abroad sees when sales close in their time (issue #20). One formatter per
// locale, built on first use; English is the SPEC's en-GB with a 24-hour clock.
const kickOffByLocale = new Map<string, Intl.DateTimeFormat>();

function kickOffFormatFor(language: Language): Intl.DateTimeFormat {
  const english = language === FALLBACK_LANGUAGE;
  const locale = english ? 'en-GB' : htmlLangOf(language);
  let format = kickOffByLocale.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(english ? { hourCycle: 'h23' as const } : {}),
      timeZoneName: 'short',
    });
    kickOffByLocale.set(locale, format);
  }
  return format;
}

/** "22/11/2026, 18:30 GMT+1": in the viewer's time zone, with the zone named. */
export function formatKickOff(value: string | Date): string {
  return formatKickOffIn(value, FALLBACK_LANGUAGE);
}

/**
 * A kick-off in the page's language (issue #30.5): English keeps the SPEC's form above; any other
 * language Intl's conventions for its locale (order, separators, digits, 12- or 24-hour clock) —
 * "22.11.2026, 18:30 MEZ" in German — always in the viewer's zone, with the zone named.
 */
export function formatKickOffIn(value: string | Date, language: Language): string {
  const date = toDate(value);
  return date ? kickOffFormatFor(language).format(date) : '';
}

/** formatKickOffIn for the page's language. */
export function useFormatKickOff(): (value: string | Date) => string {
  const { i18n } = useTranslation();
  // i18next holds the BCP 47 tag (ar-AE); the site speaks in site codes (ar-ae).
  const language = siteLanguageOf(i18n.resolvedLanguage);
  return (value) => formatKickOffIn(value, language);
}

/** "22/11/2026" */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? DATE().format(date) : '';
}

/** "22 Nov": for chart axes where space is short. */
export function formatShortDate(value: string | Date): string {
  const date = toDate(value);
  return date ? SHORT_DATE().format(date) : '';
}

/** "$25.00" */
export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** "3.42" */
export function formatDecimal(value: number): string {
  return value.toFixed(2);
}

/** "+1.50", "−2.00", "0.00": units won or lost. */
export function formatSignedUnits(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatDecimal(Math.abs(value))}`;
}

/** "63.33%" */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** "Galatasaray vs Sivasspor"; null when the tip is not about one match. */
export function matchTitle(homeTeam: string | null, awayTeam: string | null): string | null {
  if (!homeTeam && !awayTeam) return null;
  return `${homeTeam ?? '?'} vs ${awayTeam ?? '?'}`;
}
