import type { TipRecord } from '@tips/contract/tips.schemas';
import { formatDecimal } from '../../lib/tip-format';

export interface ResultPoint {
  id: number;
  eventTime: string;
  match: string;
  result: TipRecord['result'];
  odds: number;
  /** Profit of this tip at a 1-unit stake: odds − 1 for a win, −1 for a loss, 0 for a void. */
  change: number;
  /** Running total up to and including this tip. */
  total: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Settled records, oldest first, with the running profit of 1-unit stakes. */
export function cumulativeResults(records: readonly TipRecord[]): ResultPoint[] {
  const ordered = [...records].sort(
    (a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime) || a.id - b.id,
  );
  let total = 0;
  return ordered.map((record) => {
    const change = record.isWin === true ? round2(record.odds - 1) : record.isWin === false ? -1 : 0;
    total = round2(total + change);
    return {
      id: record.id,
      eventTime: record.eventTime,
      match: `${record.homeTeam ?? '?'} vs ${record.awayTeam ?? '?'}`,
      result: record.result,
      odds: record.odds,
      change,
      total,
    };
  });
}

/** A step of 1, 2 or 5 × 10ⁿ that cuts `range` into about `count` intervals. */
export function niceStep(range: number, count = 4): number {
  if (range <= 0) return 1;
  const raw = range / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** The y-axis: always includes 0, padded to whole steps. */
export function valueAxis(values: readonly number[]): { min: number; max: number; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = niceStep(high - low || 1);
  const min = Math.floor(low / step) * step;
  const ceiling = Math.ceil(high / step) * step;
  const max = ceiling > min ? ceiling : min + step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(round2(tick));
  return { min, max, ticks };
}

/** A running total in units with its sign: +1.5, −2, 0. */
export function signedUnits(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatDecimal(Math.abs(value))}`;
}
