import { describe, expect, it } from 'vitest';
import { gradeSelection } from './grade-selection';

const score = { home: 2, away: 1, htHome: 0, htAway: 1 };

describe('gradeSelection', () => {
  it.each([
    [1, 'Home -0.5', 'WIN'],
    [1, 'Home -1', 'VOID'],
    [1, 'Away +0.5', 'LOSS'],
    [1, 'Away +1.5', 'WIN'],
    [2, 'Over 2.5', 'WIN'],
    [2, 'Under 2.5', 'LOSS'],
    [2, 'Over 3', 'VOID'],
    [3, 'Home', 'WIN'],
    [3, 'Draw', 'LOSS'],
    [4, '2-1', 'WIN'],
    [4, '1-1', 'LOSS'],
    [5, 'Away -0.5', 'WIN'],
    [6, 'Away', 'WIN'],
    [7, '0-1', 'WIN'],
    [8, 'Over 0.5', 'WIN'],
    [8, 'Under 0.5', 'LOSS'],
    [14, 'Home -1', 'LOSS'],
    [14, 'Home +1', 'WIN'],
    [15, 'Odd', 'WIN'],
    [15, 'Even', 'LOSS'],
    [113, 'Home', 'WIN'],
  ])('type %i selection %s on 2-1 (HT 0-1) is %s', (type, selection, expected) => {
    expect(gradeSelection(type, selection, score)).toBe(expected);
  });

  it('returns the stake on a draw for home/away', () => {
    expect(gradeSelection(113, 'Away', { home: 1, away: 1, htHome: 0, htAway: 0 })).toBe('VOID');
  });

  it('cannot grade an unknown format', () => {
    expect(gradeSelection(1, 'whatever', score)).toBeNull();
  });
});
