import { tipProfitMilli, type UnitOutcome } from '@tips/contract/rules';
import { estimateLuck, type LuckBet, type LuckEstimate } from './luck';

/**
 * A tipster's figures that depend on the order of the tips (runs, drawdown, the units chart) and
 * the luck estimate, computed from their settled tips in kick-off order (decision 075). Settlement
 * recomputes them for the one tipster it touched; nothing reads all tips on a request.
 */
export interface SettledTipForFigures {
  eventTime: Date;
  oddsHundredths: number;
  stake: number;
  outcome: UnitOutcome;
  /** The margin-free probability at the reference price, millionths; null for unverified odds. */
  referenceFairPpm?: number | null;
}

export interface DayPoint {
  /** YYYY-MM-DD, UTC kick-off day. */
  date: string;
  tips: number;
  /** Cumulative profit at the end of the day, milli-units. */
  profitMilli: number;
}

export interface RecordFigures {
  settledTips: number;
  profitMilli: number;
  longestLosingRun: number;
  maxDrawdownMilli: number;
  series: DayPoint[];
  luck: LuckEstimate | null;
}

const isLoss = (o: UnitOutcome) => o === 'LOSS' || o === 'HALF_LOSS';

/** `tips` must be in kick-off order (then id): the order the record is read in. */
export function computeRecordFigures(tips: readonly SettledTipForFigures[]): RecordFigures {
  let profit = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let run = 0;
  let longestRun = 0;
  const series: DayPoint[] = [];
  const bets: LuckBet[] = [];
  for (const tip of tips) {
    profit += tipProfitMilli(tip.oddsHundredths, tip.stake, tip.outcome);
    peak = Math.max(peak, profit);
    maxDrawdown = Math.max(maxDrawdown, peak - profit);
    // A push neither extends nor breaks a losing run (the SPEC's last results skip voids too).
    if (isLoss(tip.outcome)) run++;
    else if (tip.outcome !== 'VOID') run = 0;
    longestRun = Math.max(longestRun, run);
    const date = tip.eventTime.toISOString().slice(0, 10);
    const last = series[series.length - 1];
    if (last?.date === date) {
      last.tips++;
      last.profitMilli = profit;
    } else series.push({ date, tips: 1, profitMilli: profit });
    if (tip.outcome !== 'VOID') {
      const isHalf = tip.outcome === 'HALF_WIN' || tip.outcome === 'HALF_LOSS';
      bets.push({
        oddsHundredths: tip.oddsHundredths,
        winPpm: tip.referenceFairPpm ?? null,
        riskedHalfUnits: tip.stake * (isHalf ? 1 : 2),
      });
    }
  }
  return {
    settledTips: tips.length,
    profitMilli: profit,
    longestLosingRun: longestRun,
    maxDrawdownMilli: maxDrawdown,
    series,
    luck: estimateLuck(bets, profit),
  };
}
