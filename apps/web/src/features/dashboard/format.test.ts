import { describe, expect, it } from 'vitest';
import { formatDashboardDate, formatDashboardDateTime, formatRoundedUpPrice } from './format';

describe('dashboard formats', () => {
  it('shows dates en-US short', () => {
    expect(formatDashboardDate('2025-01-05T10:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatDashboardDateTime('2025-01-05T10:00:00.000Z')).toMatch(
      /^Jan 5, 2025, \d{1,2}:\d{2}\s?[AP]M \S+$/,
    );
    expect(formatDashboardDate('not a date')).toBe('');
  });

  it('writes other languages their own way, and a kick-off with its zone (issue #30.5)', () => {
    expect(formatDashboardDate('2025-01-05T10:00:00.000Z', 'de')).toBe('5. Jan. 2025');
    expect(formatDashboardDate('2025-01-05T10:00:00.000Z', 'fr')).toBe('5 janv. 2025');
    expect(formatDashboardDateTime('2025-01-05T10:00:00.000Z', 'de')).toMatch(
      /^5\. Jan\. 2025, \d{2}:\d{2} \S+$/,
    );
  });

  it('rounds prices up to whole dollars', () => {
    expect(formatRoundedUpPrice(12.1)).toBe('$13');
    expect(formatRoundedUpPrice(12)).toBe('$12');
    expect(formatRoundedUpPrice(0.01)).toBe('$1');
    expect(formatRoundedUpPrice(0)).toBe('$0');
  });
});
