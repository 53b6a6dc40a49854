/**
 * Grades a selection against a final score, per betting type, so that a result always follows
 * from the match. Used by the demo history and offered to admins as the suggested result.
 */
export interface Score {
  home: number;
  away: number;
  htHome: number;
  htAway: number;
}

export type Grade = 'WIN' | 'LOSS' | 'VOID';

const HALF_TIME_TYPES = new Set([5, 6, 7, 8]);

function compare(a: number, b: number): Grade {
  if (a > b) return 'WIN';
  if (a < b) return 'LOSS';
  return 'VOID';
}

/** Selection formats: 'Home -0.5', 'Over 2.5', 'Home'/'Draw'/'Away', '2-1', 'Odd'/'Even'. */
export function gradeSelection(bettingType: number, selection: string, score: Score): Grade | null {
  const [h, a] = HALF_TIME_TYPES.has(bettingType) ? [score.htHome, score.htAway] : [score.home, score.away];
  const side = /^(Home|Away)/.exec(selection)?.[1];
  const line = Number(/([+-]?\d+(?:\.\d+)?)\s*$/.exec(selection)?.[1] ?? Number.NaN);
  switch (bettingType) {
    case 1:
    case 5: // Asian handicap: a whole line that lands exactly is a push (void).
      if (!side || Number.isNaN(line)) return null;
      return side === 'Home' ? compare(h + line, a) : compare(a + line, h);
    case 2:
    case 8: {
      const over = selection.startsWith('Over');
      if (Number.isNaN(line)) return null;
      return over ? compare(h + a, line) : compare(line, h + a);
    }
    case 3:
    case 6: {
      const outcome = h > a ? 'Home' : h < a ? 'Away' : 'Draw';
      return selection === outcome ? 'WIN' : 'LOSS';
    }
    case 4:
    case 7:
      return selection === `${h}-${a}` ? 'WIN' : 'LOSS';
    case 14: {
      // European handicap is three-way: landing on the line is a loss for a side bet.
      if (!side || Number.isNaN(line)) return null;
      const g = side === 'Home' ? compare(h + line, a) : compare(a + line, h);
      return g === 'VOID' ? 'LOSS' : g;
    }
    case 15:
      return (h + a) % 2 === (selection === 'Odd' ? 1 : 0) ? 'WIN' : 'LOSS';
    case 113: // Home/away (draw no bet): a draw returns the stake.
      if (!side) return null;
      return side === 'Home' ? compare(h, a) : compare(a, h);
    default:
      return null;
  }
}

export function describeScore(s: Score): string {
  return `FT ${s.home}-${s.away} (HT ${s.htHome}-${s.htAway})`;
}
