import type { Luck, UnitsPoint } from '@tips/contract/tipsters.schemas';

/** One point of the units chart: the cumulative profit at the end of a day with settled tips. */
export interface UnitsPlotPoint {
  id: string;
  eventTime: string;
  /** The dot's colour: an up day, a down day or a level one. */
  result: 'Win' | 'Loss' | 'Void';
  change: number;
  total: number;
  tips: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The API's daily series (oldest first) as chart points with each day's change. */
export function unitsPlotPoints(series: readonly UnitsPoint[]): UnitsPlotPoint[] {
  let previous = 0;
  return series.map((point) => {
    const change = round2(point.profit - previous);
    previous = point.profit;
    return {
      id: point.date,
      eventTime: `${point.date}T12:00:00Z`,
      result: change > 0 ? 'Win' : change < 0 ? 'Loss' : 'Void',
      change,
      total: point.profit,
      tips: point.tips,
    };
  });
}

/** Which plain-words sentence says the luck figure, and its number (decision 076). */
export type LuckPhrase =
  | { key: 'luckOneIn'; n: number }
  | { key: 'luckNever'; n: number }
  | { key: 'luckCommon'; k: number };

export function luckPhrase(luck: Luck): LuckPhrase {
  if (luck.oneIn === null) return { key: 'luckNever', n: luck.simulations };
  // Half the time or more: "about k times in 10" reads better than "1 time in 2".
  if (luck.probability >= 0.5) return { key: 'luckCommon', k: Math.round(luck.probability * 10) };
  return { key: 'luckOneIn', n: luck.oneIn };
}
