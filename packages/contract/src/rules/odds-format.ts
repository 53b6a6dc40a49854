// Odds formats (issue #20 point 4): tips store decimal odds; a reader may prefer the British
// fractional or the American moneyline form. One conversion for every page.

export const ODDS_FORMATS = ['DECIMAL', 'FRACTIONAL', 'AMERICAN'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Formats decimal odds (a number with at most 2 decimals, ≥ 1) in the wanted format, with
 * integer arithmetic on hundredths so 2.50 is exactly 6/4 → 3/2:
 * - DECIMAL: 2.50
 * - FRACTIONAL: profit/stake reduced, 3/2 (evens shown as 1/1)
 * - AMERICAN: +150 for odds ≥ 2.00, −200 style below (rounded to a whole number)
 */
export function formatOdds(decimalOdds: number, format: OddsFormat): string {
  const hundredths = Math.round(decimalOdds * 100);
  if (!Number.isFinite(hundredths) || hundredths <= 100) return (hundredths / 100).toFixed(2);
  if (format === 'DECIMAL') return (hundredths / 100).toFixed(2);
  const profit = hundredths - 100;
  if (format === 'FRACTIONAL') {
    const divisor = gcd(profit, 100);
    return `${profit / divisor}/${100 / divisor}`;
  }
  if (hundredths >= 200) return `+${Math.round(profit)}`;
  return `-${Math.round(10_000 / profit)}`;
}
