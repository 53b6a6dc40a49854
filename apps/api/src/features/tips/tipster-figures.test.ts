import { describe, expect, it } from 'vitest';
import { averageOdds, hitRatePercent, tipsterFigures } from './tipster-figures';

describe('tipster figures', () => {
  it('computes the hit rate from wins and losses only, to 2 decimals', () => {
    expect(hitRatePercent(2, 1)).toBe(66.67);
    expect(hitRatePercent(1, 2)).toBe(33.33);
    expect(hitRatePercent(1, 7)).toBe(12.5);
    expect(hitRatePercent(3, 0)).toBe(100);
    expect(hitRatePercent(0, 4)).toBe(0);
    expect(hitRatePercent(0, 0)).toBe(0);
    expect(hitRatePercent(57, 43)).toBe(57);
  });

  it('averages odds over every settled tip, voids included', () => {
    expect(averageOdds(185 + 210 + 150, 3)).toBe(1.82);
    expect(averageOdds(0, 0)).toBe(0);
    expect(averageOdds(201 + 202, 2)).toBe(2.02); // 201.5 rounds half up
  });

  it('reports voids as draws', () => {
    expect(
      tipsterFigures({
        totalTips: 6,
        wins: 3,
        losses: 2,
        voids: 1,
        oddsSumHundredths: 1200,
        stakedUnits: 8,
        profitMilli: 1_425,
      }),
    ).toEqual({
      totalTips: 6,
      wins: 3,
      draws: 1,
      losses: 2,
      hitRate: 60,
      averageOdds: 2,
      unitsStaked: 8,
      profit: 1.43,
      yield: 17.81,
      strikeRate: 50,
    });
  });
});
