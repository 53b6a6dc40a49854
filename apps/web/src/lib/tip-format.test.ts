import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimal,
  formatKickOffIn,
  formatPercent,
  formatPrice,
  matchTitle,
} from './tip-format';

/** The zone's short name as Intl writes it for `locale` (the test machine's own zone). */
function zoneOf(locale: string, date: Date): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

describe('public formats (SPEC §9)', () => {
  it('prices in dollars with two decimals', () => {
    expect(formatPrice(25)).toBe('$25.00');
    expect(formatPrice(0.5)).toBe('$0.50');
    expect(formatPrice(1249)).toBe('$1249.00');
  });

  it('odds with two decimals and hit rates with a percent sign', () => {
    expect(formatDecimal(3.4167)).toBe('3.42');
    expect(formatPercent(63.333)).toBe('63.33%');
    expect(formatPercent(100)).toBe('100.00%');
  });

  it('kick-offs in English as en-GB dd/mm/yyyy with a 24-hour clock and the zone', () => {
    const local = new Date(2026, 10, 22, 18, 5);
    expect(formatKickOffIn(local, 'en')).toBe(`22/11/2026, 18:05 ${zoneOf('en-GB', local)}`);
    expect(formatKickOffIn(new Date(2026, 0, 3, 0, 0), 'en')).toMatch(/^03\/01\/2026, 00:00 /);
    expect(formatDate(local)).toBe('22/11/2026');
    expect(formatKickOffIn('not a date', 'en')).toBe('');
  });

  // Issue #30.5: other languages by their own conventions, always with the zone.
  it.each([
    ['de', '22.11.2026, 18:05', 'de'],
    ['ru', '22.11.2026, 18:05', 'ru'],
    ['fr', '22/11/2026 18:05', 'fr'],
    // Arabic (UAE): right-to-left marks between the parts and a 12-hour clock (م for p.m.).
    ['ar-ae', '22\u200f/11\u200f/2026، 06:05 م', 'ar-AE'],
  ] as const)('kick-offs in %s read %s, with the zone', (language, start, locale) => {
    const local = new Date(2026, 10, 22, 18, 5);
    const written = formatKickOffIn(local, language);
    expect(written.startsWith(start)).toBe(true);
    expect(written).toContain(zoneOf(locale, local));
    expect(written).not.toBe(formatKickOffIn(local, 'en'));
  });

  it('match titles as "home vs away"', () => {
    expect(matchTitle('Benfica', 'Braga')).toBe('Benfica vs Braga');
    expect(matchTitle(null, null)).toBeNull();
  });
});
