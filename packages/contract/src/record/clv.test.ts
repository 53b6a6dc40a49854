import { describe, expect, it } from 'vitest';
import { clvPpm, fairClosingOdds, overroundPpm } from './clv';

describe('closing-line value, margin removed proportionally', () => {
  it("sums a market's implied probabilities into its overround", () => {
    // 1X2 at 2.00 / 3.50 / 4.00: 0.5 + 0.285714 + 0.25 = 1.035714.
    expect(overroundPpm([200, 350, 400])).toBe(1_035_714);
    // An incomplete market (one side missing) has nothing to remove.
    expect(overroundPpm([250])).toBe(1_000_000);
    expect(overroundPpm([])).toBe(1_000_000);
  });

  it('is odds taken ÷ (closing odds × overround) − 1, in parts per million', () => {
    // Taken at 2.20, closed at 2.00 with 5 % margin: fair close 2.10, CLV +4.7619 %.
    expect(fairClosingOdds(200, 1_050_000)).toBeCloseTo(2.1, 10);
    expect(clvPpm(220, 200, 1_050_000)).toBe(47_619);
    // At the fair close exactly: 0; below it: negative.
    expect(clvPpm(210, 200, 1_050_000)).toBe(0);
    expect(clvPpm(190, 200, 1_050_000)).toBe(-95_238);
  });

  it('rounds halves up, the same in every runtime (integers only)', () => {
    // 101 · 10¹² ÷ (200 · 10⁶) = 505 000 exactly → −495 000.
    expect(clvPpm(101, 200, 1_000_000)).toBe(-495_000);
    // A long-odds tip against a short close stays exact: 1000.00 ÷ 1.01 = 990.0990099… → 990 099 010 ppm.
    expect(clvPpm(100_000, 101, 1_000_000)).toBe(989_099_010);
  });
});
