import { formatDecimal } from '../../lib/tip-format';

const round2 = (value: number) => Math.round(value * 100) / 100;

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
