import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimal,
  formatEventTime,
  formatPercent,
  formatPrice,
  matchTitle,
} from './tip-format';

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

  it('event times as en-GB dd/mm/yyyy with a 24-hour clock', () => {
    const local = new Date(2026, 10, 22, 18, 5);
    expect(formatEventTime(local)).toBe('22/11/2026, 18:05');
    expect(formatEventTime(new Date(2026, 0, 3, 0, 0))).toBe('03/01/2026, 00:00');
    expect(formatDate(local)).toBe('22/11/2026');
    expect(formatEventTime('not a date')).toBe('');
  });

  it('match titles as "home vs away"', () => {
    expect(matchTitle('Benfica', 'Braga')).toBe('Benfica vs Braga');
    expect(matchTitle(null, null)).toBeNull();
  });
});
