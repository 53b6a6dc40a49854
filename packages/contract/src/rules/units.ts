/**
 * Units: a tip's stake (1–10, the tipster's confidence) and its profit by bookmakers' rules
 * (decision 075). Profit is counted in thousandths of a unit ("milli-units") so that every sum is
 * an exact integer: a half win at odds 1.85 on 1 unit is 0.425 units = 425 milli-units.
 */
export const STAKE_MIN = 1;
export const STAKE_MAX = 10;
export const STAKE_DEFAULT = 1;

/** Fewest settled tips (voids included) all time for a tipster's profit to rank among the proven (decision 160). */
export const LEADERBOARD_MIN_SETTLED = 30;

/**
 * Rankings by proven profit (decision 160): every tipster list and ranking table orders tipsters by
 * their profit in units over the settled tips of its window, those with at least this many settled
 * tips in the window (voids included) first, then those with fewer, then (lists only) those with none.
 * Ties: the larger sample, then the older tipster. The SQL lives once in the API
 * (db/schema/ranking-order.ts), with the index that serves it.
 */
export const RANKING_MIN_SETTLED = { all: LEADERBOARD_MIN_SETTLED, month: 10, week: 5 } as const;
export type RankingPeriod = keyof typeof RANKING_MIN_SETTLED;

export type UnitOutcome = 'WIN' | 'HALF_WIN' | 'VOID' | 'HALF_LOSS' | 'LOSS';

/**
 * Profit of one settled tip in milli-units. `oddsHundredths` are decimal odds × 100 (1.85 → 185).
 * WIN: stake × (odds − 1); HALF_WIN: half of that (the other half pushes); VOID: 0 (push);
 * HALF_LOSS: −stake / 2; LOSS: −stake.
 */
export function tipProfitMilli(oddsHundredths: number, stake: number, outcome: UnitOutcome): number {
  const winMilli = stake * (oddsHundredths - 100) * 10;
  switch (outcome) {
    case 'WIN':
      return winMilli;
    case 'HALF_WIN':
      return winMilli / 2;
    case 'VOID':
      return 0;
    case 'HALF_LOSS':
      return -stake * 500;
    case 'LOSS':
      return -stake * 1000;
  }
}

/** Milli-units as units with 2 decimals (half away from zero), the way every figure is shown. */
export function milliToUnits(milli: number): number {
  const sign = milli < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(milli) / 10)) / 100;
}

/** Yield: profit ÷ units staked × 100, 2 decimals; 0 with nothing staked. */
export function yieldPercent(profitMilli: number, stakedUnits: number): number {
  if (stakedUnits <= 0) return 0;
  // profitMilli / (staked × 1000) × 100 % = profitMilli × 10 / staked hundredths of a percent.
  const hundredths = (profitMilli * 10) / stakedUnits;
  const sign = hundredths < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(hundredths))) / 100;
}
