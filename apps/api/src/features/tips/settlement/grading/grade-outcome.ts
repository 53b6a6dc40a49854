/**
 * Settles a selection from a result by the rules bookmakers use (decision 047):
 * - Asian handicap and totals: a whole line that lands exactly pushes (VOID); a quarter line
 *   (±0.25, ±0.75 …) splits the stake over the two neighbouring half/whole lines, so it can win
 *   or lose half (HALF_WIN, HALF_LOSS).
 * - European handicap is three-way: landing on the line is the draw outcome, a loss for a side.
 * - Home/Away (draw no bet): a draw returns the stake.
 * - Half-time markets use the half-time score; without one they cannot be graded (null).
 */
export type Outcome = 'WIN' | 'HALF_WIN' | 'VOID' | 'HALF_LOSS' | 'LOSS';

export interface MatchScore {
  home: number;
  away: number;
  /** Half-time score; null when the source has none (e.g. an awarded match). */
  htHome: number | null;
  htAway: number | null;
}

const HALF_TIME_TYPES = new Set([5, 6, 7, 8]);

/** The sign of a margin after the line: > 0 wins, < 0 loses, 0 pushes. */
type Leg = 'WIN' | 'VOID' | 'LOSS';
const leg = (margin: number): Leg => (margin > 0 ? 'WIN' : margin < 0 ? 'LOSS' : 'VOID');

/** A quarter line is the average of its two neighbours: each carries half the stake. */
export function settleLine(margin: number, line: number): Outcome {
  const quarters = Math.round(line * 4);
  if (Math.abs(quarters) % 2 === 0) return leg(margin + line);
  const [a, b] = [leg(margin + line - 0.25), leg(margin + line + 0.25)];
  if (a === b) return a;
  // Neighbouring lines are half a goal apart, so one leg pushes and the other decides.
  const decided = a === 'VOID' ? b : a;
  return decided === 'WIN' ? 'HALF_WIN' : 'HALF_LOSS';
}

/** Selection spellings: 'Home -0.25', 'Over 2.75', 'Home'/'Draw'/'Away', '2-1', 'Odd'/'Even'. */
export function gradeOutcome(bettingType: number, selection: string, score: MatchScore): Outcome | null {
  const halfTime = HALF_TIME_TYPES.has(bettingType);
  if (halfTime && (score.htHome === null || score.htAway === null)) return null;
  const [h, a] = halfTime ? [score.htHome as number, score.htAway as number] : [score.home, score.away];
  const side = /^(Home|Away)\b/.exec(selection)?.[1];
  const line = Number(/\s([+-]?\d+(?:\.\d+)?)$/.exec(selection)?.[1] ?? Number.NaN);
  const sideMargin = side === 'Home' ? h - a : a - h;
  switch (bettingType) {
    case 1:
    case 5:
      if (!side || Number.isNaN(line)) return null;
      return settleLine(sideMargin, line);
    case 2:
    case 8: {
      const over = /^Over\s/.test(selection);
      if (!over && !/^Under\s/.test(selection)) return null;
      if (Number.isNaN(line)) return null;
      return over ? settleLine(h + a, -line) : settleLine(-(h + a), line);
    }
    case 3:
    case 6: {
      const winner = h > a ? 'Home' : h < a ? 'Away' : 'Draw';
      return selection === winner ? 'WIN' : 'LOSS';
    }
    case 4:
    case 7:
      return selection === `${h}-${a}` ? 'WIN' : 'LOSS';
    case 14:
      if (!side || Number.isNaN(line)) return null;
      return sideMargin + line > 0 ? 'WIN' : 'LOSS';
    case 15: {
      if (selection !== 'Odd' && selection !== 'Even') return null;
      return (h + a) % 2 === (selection === 'Odd' ? 1 : 0) ? 'WIN' : 'LOSS';
    }
    case 113:
      if (!side) return null;
      return leg(sideMargin);
    default:
      return null;
  }
}

/** The SPEC's result (Win or Loss, and VOID for a push) shown for an outcome. */
export function resultOfOutcome(outcome: Outcome): 'WIN' | 'LOSS' | 'VOID' {
  if (outcome === 'WIN' || outcome === 'HALF_WIN') return 'WIN';
  if (outcome === 'LOSS' || outcome === 'HALF_LOSS') return 'LOSS';
  return 'VOID';
}

/** How a final score reads in a settled tip's details: 'FT 2-1 (HT 1-0)'. */
export function describeScore(s: { home: number; away: number; htHome: number; htAway: number }): string {
  return `FT ${s.home}-${s.away} (HT ${s.htHome}-${s.htAway})`;
}
