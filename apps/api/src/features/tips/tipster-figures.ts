import { milliToUnits, yieldPercent } from '@tips/contract/rules';

/**
 * The figures every catalogue view shows for a tipster, computed one way from the settlement
 * aggregates (tipster_stats) so that the list, the profile and the rankings always agree.
 * Voids count as draws: in the total and the average odds, not in the hit rate.
 */

export interface StatsCounts {
  totalTips: number;
  wins: number;
  losses: number;
  voids: number;
  oddsSumHundredths: number;
  /** Units staked and profit in milli-units (decision 075). */
  stakedUnits: number;
  profitMilli: number;
}

export const NO_STATS: StatsCounts = {
  totalTips: 0,
  wins: 0,
  losses: 0,
  voids: 0,
  oddsSumHundredths: 0,
  stakedUnits: 0,
  profitMilli: 0,
};

/** wins / (wins + losses) × 100, 2 decimals; 0 before the first decided tip. */
export function hitRatePercent(wins: number, losses: number): number {
  const decided = wins + losses;
  if (decided <= 0) return 0;
  // Integer maths to hundredths of a percent, then one division: no binary noise in the result.
  return Math.round((wins * 10_000) / decided) / 100;
}

/** Mean decimal odds of the settled tips (voids included), 2 decimals; 0 with none. */
export function averageOdds(oddsSumHundredths: number, totalTips: number): number {
  if (totalTips <= 0) return 0;
  return Math.round(oddsSumHundredths / totalTips) / 100;
}

/**
 * Strike rate: tips won (in full or in half) out of all settled tips, voids included, 2 decimals.
 * Unlike the hit rate it does not leave pushes out, so a record of many pushes shows it.
 */
export function strikeRatePercent(wins: number, totalTips: number): number {
  if (totalTips <= 0) return 0;
  return Math.round((wins * 10_000) / totalTips) / 100;
}

export interface TipsterFigures {
  totalTips: number;
  wins: number;
  draws: number;
  losses: number;
  hitRate: number;
  averageOdds: number;
  unitsStaked: number;
  profit: number;
  yield: number;
  strikeRate: number;
}

export function tipsterFigures(stats: StatsCounts): TipsterFigures {
  return {
    totalTips: stats.totalTips,
    wins: stats.wins,
    draws: stats.voids,
    losses: stats.losses,
    hitRate: hitRatePercent(stats.wins, stats.losses),
    averageOdds: averageOdds(stats.oddsSumHundredths, stats.totalTips),
    unitsStaked: stats.stakedUnits,
    profit: milliToUnits(stats.profitMilli),
    yield: yieldPercent(stats.profitMilli, stats.stakedUnits),
    strikeRate: strikeRatePercent(stats.wins, stats.totalTips),
  };
}
