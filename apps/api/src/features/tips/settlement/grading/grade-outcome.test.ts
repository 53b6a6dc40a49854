import { describe, expect, it } from 'vitest';
import { gradeOutcome, type MatchScore, type Outcome, resultOfOutcome } from './grade-outcome';

const ft = (
  home: number,
  away: number,
  htHome: number | null = 0,
  htAway: number | null = 0,
): MatchScore => ({
  home,
  away,
  htHome,
  htAway,
});

// [betting type, selection, full-time score, half-time score, outcome]
type Row = [number, string, [number, number], [number, number] | null, Outcome | null];

const asianHandicap: Row[] = [
  // Whole lines push on the line.
  [1, 'Home 0', [1, 1], [0, 0], 'VOID'],
  [1, 'Home 0', [2, 1], [0, 0], 'WIN'],
  [1, 'Away 0', [2, 1], [0, 0], 'LOSS'],
  [1, 'Home -1', [2, 1], [0, 0], 'VOID'],
  [1, 'Home -1', [3, 1], [0, 0], 'WIN'],
  [1, 'Away +1', [2, 1], [0, 0], 'VOID'],
  [1, 'Away +2', [3, 1], [0, 0], 'VOID'],
  [1, 'Home -3', [3, 0], [0, 0], 'VOID'],
  // Half lines never push.
  [1, 'Home -0.5', [1, 1], [0, 0], 'LOSS'],
  [1, 'Away +0.5', [1, 1], [0, 0], 'WIN'],
  [1, 'Home -1.5', [2, 0], [0, 0], 'WIN'],
  [1, 'Home -3.5', [3, 0], [0, 0], 'LOSS'],
  [1, 'Away +3.5', [3, 0], [0, 0], 'WIN'],
  // Quarter lines: half the stake on each neighbouring line.
  [1, 'Home -0.25', [1, 1], [0, 0], 'HALF_LOSS'],
  [1, 'Away +0.25', [1, 1], [0, 0], 'HALF_WIN'],
  [1, 'Home -0.25', [1, 0], [0, 0], 'WIN'],
  [1, 'Home +0.25', [0, 1], [0, 0], 'LOSS'],
  [1, 'Home -0.75', [1, 0], [0, 0], 'HALF_WIN'],
  [1, 'Away +0.75', [1, 0], [0, 0], 'HALF_LOSS'],
  [1, 'Home -0.75', [2, 0], [0, 0], 'WIN'],
  [1, 'Home -0.75', [1, 1], [0, 0], 'LOSS'],
  [1, 'Home -1.25', [2, 1], [0, 0], 'HALF_LOSS'],
  [1, 'Home -1.25', [3, 1], [0, 0], 'WIN'],
  [1, 'Away +1.25', [2, 1], [0, 0], 'HALF_WIN'],
  [1, 'Home -1.75', [2, 0], [0, 0], 'HALF_WIN'],
  [1, 'Away +1.75', [2, 0], [0, 0], 'HALF_LOSS'],
  [1, 'Home -2.25', [2, 0], [0, 0], 'HALF_LOSS'],
  [1, 'Home -2.75', [3, 0], [0, 0], 'HALF_WIN'],
  [1, 'Home -3.25', [3, 0], [0, 0], 'HALF_LOSS'],
  [1, 'Away +3.25', [3, 0], [0, 0], 'HALF_WIN'],
  [1, 'Home +0.75', [0, 1], [0, 0], 'HALF_LOSS'],
  [1, 'Away -0.25', [0, 0], [0, 0], 'HALF_LOSS'],
  // Half-time Asian handicap reads the half-time score only.
  [5, 'Home -0.25', [3, 0], [0, 0], 'HALF_LOSS'],
  [5, 'Home -0.5', [0, 3], [1, 0], 'WIN'],
  [5, 'Away +0.75', [5, 0], [1, 0], 'HALF_LOSS'],
];

const totals: Row[] = [
  [2, 'Over 2.5', [2, 1], [0, 0], 'WIN'],
  [2, 'Under 2.5', [2, 1], [0, 0], 'LOSS'],
  [2, 'Over 3', [2, 1], [0, 0], 'VOID'],
  [2, 'Under 3', [2, 1], [0, 0], 'VOID'],
  [2, 'Over 2.25', [1, 1], [0, 0], 'HALF_LOSS'],
  [2, 'Under 2.25', [1, 1], [0, 0], 'HALF_WIN'],
  [2, 'Over 2.75', [2, 1], [0, 0], 'HALF_WIN'],
  [2, 'Under 2.75', [2, 1], [0, 0], 'HALF_LOSS'],
  [2, 'Over 2.25', [2, 1], [0, 0], 'WIN'],
  [2, 'Over 2.75', [1, 1], [0, 0], 'LOSS'],
  [2, 'Over 0.5', [0, 0], [0, 0], 'LOSS'],
  [2, 'Under 0.5', [0, 0], [0, 0], 'WIN'],
  [2, 'Over 0.75', [1, 0], [0, 0], 'HALF_WIN'],
  [2, 'Under 0.75', [1, 0], [0, 0], 'HALF_LOSS'],
  [2, 'Over 6.5', [4, 3], [0, 0], 'WIN'],
  [2, 'Under 6.25', [3, 3], [0, 0], 'HALF_WIN'],
  [2, 'Over 6.25', [3, 3], [0, 0], 'HALF_LOSS'],
  [2, 'Over 6', [3, 3], [0, 0], 'VOID'],
  [8, 'Over 1.25', [4, 0], [1, 0], 'HALF_LOSS'],
  [8, 'Under 1', [4, 0], [1, 0], 'VOID'],
  [8, 'Over 0.5', [4, 0], [0, 0], 'LOSS'],
];

const threeWayAndExact: Row[] = [
  [3, 'Home', [2, 1], [0, 0], 'WIN'],
  [3, 'Draw', [2, 1], [0, 0], 'LOSS'],
  [3, 'Draw', [1, 1], [0, 0], 'WIN'],
  [3, 'Away', [0, 1], [0, 0], 'WIN'],
  [6, 'Home', [0, 2], [1, 0], 'WIN'],
  [6, 'Draw', [3, 0], [0, 0], 'WIN'],
  [4, '2-1', [2, 1], [0, 0], 'WIN'],
  [4, '1-2', [2, 1], [0, 0], 'LOSS'],
  [7, '1-0', [3, 3], [1, 0], 'WIN'],
  [7, '3-3', [3, 3], [1, 0], 'LOSS'],
  // European handicap: three-way, so landing on the line is the draw outcome.
  [14, 'Home -1', [2, 0], [0, 0], 'WIN'],
  [14, 'Home -1', [1, 0], [0, 0], 'LOSS'],
  [14, 'Away +1', [1, 0], [0, 0], 'LOSS'],
  [14, 'Away +1', [1, 1], [0, 0], 'WIN'],
  [14, 'Home -2', [4, 1], [0, 0], 'WIN'],
  [15, 'Odd', [2, 1], [0, 0], 'WIN'],
  [15, 'Even', [2, 1], [0, 0], 'LOSS'],
  [15, 'Even', [0, 0], [0, 0], 'WIN'],
  // Draw no bet: the stake comes back on a draw.
  [113, 'Home', [1, 1], [0, 0], 'VOID'],
  [113, 'Away', [1, 1], [0, 0], 'VOID'],
  [113, 'Home', [2, 1], [0, 0], 'WIN'],
  [113, 'Away', [2, 1], [0, 0], 'LOSS'],
];

const ungradable: Row[] = [
  // Half-time markets without a half-time score.
  [5, 'Home -0.5', [2, 0], null, null],
  [6, 'Home', [2, 0], null, null],
  [7, '1-0', [2, 0], null, null],
  [8, 'Over 0.5', [2, 0], null, null],
  // Selections that do not fit the market.
  [1, 'Home', [2, 0], [0, 0], null],
  [2, 'Odd 2.5', [2, 0], [0, 0], null],
  [15, 'Over', [2, 0], [0, 0], null],
  [999, 'Home', [2, 0], [0, 0], null],
];

describe('gradeOutcome', () => {
  const table = [...asianHandicap, ...totals, ...threeWayAndExact, ...ungradable];
  it.each(table)('type %i, %s at FT %j (HT %j) → %s', (type, selection, [home, away], half, expected) => {
    const score = ft(home, away, half?.[0] ?? null, half?.[1] ?? null);
    expect(gradeOutcome(type, selection, score)).toBe(expected);
  });

  it('settles both sides of a quarter line as mirror images', () => {
    for (let quarters = -14; quarters <= 14; quarters++) {
      const line = quarters / 4;
      for (let margin = -5; margin <= 5; margin++) {
        const home = gradeOutcome(1, `Home ${line}`, ft(Math.max(margin, 0), Math.max(-margin, 0)));
        const away = gradeOutcome(1, `Away ${-line}`, ft(Math.max(margin, 0), Math.max(-margin, 0)));
        const mirror: Record<Outcome, Outcome> = {
          WIN: 'LOSS',
          HALF_WIN: 'HALF_LOSS',
          VOID: 'VOID',
          HALF_LOSS: 'HALF_WIN',
          LOSS: 'WIN',
        };
        expect(away).toBe(mirror[home as Outcome]);
      }
    }
  });
});

describe('resultOfOutcome', () => {
  it('shows a half win as a win, a half loss as a loss and a push as void', () => {
    expect(resultOfOutcome('WIN')).toBe('WIN');
    expect(resultOfOutcome('HALF_WIN')).toBe('WIN');
    expect(resultOfOutcome('VOID')).toBe('VOID');
    expect(resultOfOutcome('HALF_LOSS')).toBe('LOSS');
    expect(resultOfOutcome('LOSS')).toBe('LOSS');
  });
});
