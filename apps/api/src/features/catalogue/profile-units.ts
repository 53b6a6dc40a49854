import { type Luck, type MonthFigures, milliToUnits, type UnitsPoint, yieldPercent } from '@tips/contract';
import type { MonthStatsRow, TipsterRecordRow } from './tipster-record-figures.repo';

/** The profile's units figures beyond the all-time aggregate (decisions 075, 076). */
export interface ProfileUnits {
  longestLosingRun: number;
  maxDrawdown: number;
  profitableMonths: number;
  months: number;
  luck: Luck | null;
  unitsSeries: UnitsPoint[];
  monthly: MonthFigures[];
}

/** "About 1 time in N": hits of simulations as a probability, and N when any run did as well. */
export function luckOf(hits: number | null, simulations: number | null): Luck | null {
  if (hits === null || !simulations) return null;
  const probability = hits / simulations;
  return { probability, oneIn: hits > 0 ? Math.round(simulations / hits) : null, simulations };
}

export function profileUnits(
  record: TipsterRecordRow | null,
  months: readonly MonthStatsRow[],
): ProfileUnits {
  const played = months.filter((m) => m.totalTips > 0);
  return {
    longestLosingRun: record?.longestLosingRun ?? 0,
    maxDrawdown: milliToUnits(record?.maxDrawdownMilli ?? 0),
    profitableMonths: played.filter((m) => m.profitMilli > 0).length,
    months: played.length,
    luck: record ? luckOf(record.luckHits, record.luckSimulations) : null,
    unitsSeries: (record?.series ?? []).map((p) => ({
      date: p.date,
      tips: p.tips,
      profit: milliToUnits(p.profitMilli),
    })),
    monthly: played.map((m) => ({
      month: m.periodStart.slice(0, 7),
      tips: m.totalTips,
      unitsStaked: m.stakedUnits,
      profit: milliToUnits(m.profitMilli),
      yield: yieldPercent(m.profitMilli, m.stakedUnits),
    })),
  };
}
