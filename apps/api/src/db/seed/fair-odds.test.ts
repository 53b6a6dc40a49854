import { describe, expect, it } from 'vitest';
import {
  fairOdds,
  oddsForSelection,
  offeredOddsHundredths,
  outcomeProbabilities,
  type WeightedScore,
} from './fair-odds';

const score = (home: number, away: number, weight: number): WeightedScore => ({
  score: { home, away, htHome: 0, htAway: 0 },
  weight,
});

// 200 matches: 100 home wins 1-0, 60 draws 1-1, 40 away wins 0-2.
const distribution = [score(1, 0, 100), score(1, 1, 60), score(0, 2, 40)];

describe('demo odds from a score distribution', () => {
  it('measures each outcome of a selection with the settlement’s grading', () => {
    expect(outcomeProbabilities(3, 'Home', distribution)?.probabilities).toEqual({
      WIN: 0.5,
      HALF_WIN: 0,
      VOID: 0,
      HALF_LOSS: 0,
      LOSS: 0.5,
    });
    // Home -0.25: 1-0 wins, 1-1 loses half, 0-2 loses.
    expect(outcomeProbabilities(1, 'Home -0.25', distribution)?.probabilities).toEqual({
      WIN: 0.5,
      HALF_WIN: 0,
      VOID: 0,
      HALF_LOSS: 0.3,
      LOSS: 0.2,
    });
  });

  it('prices at zero expected profit, then takes the margin: o = 1 + (L + HL/2) / (W + HW/2), × 0.95', () => {
    // Home 1X2: 1 + 0.5/0.5 = 2.00 fair, 1.90 offered.
    expect(oddsForSelection(3, 'Home', distribution)).toBe(190);
    // Home -0.25: 1 + (0.2 + 0.15)/0.5 = 1.70 fair, 1.615 → 1.62 offered.
    expect(oddsForSelection(1, 'Home -0.25', distribution)).toBe(Math.round(1.7 * 0.95 * 100));
    // Draw no bet (Home): 1-1 voids; 1 + 0.2/0.5 = 1.40 fair, 1.33 offered.
    expect(oddsForSelection(113, 'Home', distribution)).toBe(133);
    // Over 1.75: 1-0 loses; 1-1 and 0-2 (two goals) win half: 1 + 0.5/0.25 = 3.00 fair, 2.85.
    expect(oddsForSelection(2, 'Over 1.75', distribution)).toBe(285);
    expect(fairOdds({ WIN: 0.25, HALF_WIN: 0.1, VOID: 0.1, HALF_LOSS: 0.1, LOSS: 0.45 })).toBeCloseTo(
      1 + 0.5 / 0.3,
    );
  });

  it('refuses degenerate selections and small samples, and never offers 1.01 or less', () => {
    // Never loses in the sample.
    expect(oddsForSelection(2, 'Under 3.5', distribution)).toBeNull();
    // Never wins.
    expect(oddsForSelection(4, '3-3', distribution)).toBeNull();
    expect(oddsForSelection(3, 'Home', [score(1, 0, 10), score(0, 1, 10)])).toBeNull();
    expect(offeredOddsHundredths(1.01)).toBe(102);
  });
});
