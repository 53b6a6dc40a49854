import { describe, expect, it } from 'vitest';
import { luckPhrase, unitsPlotPoints } from './units-series';

describe('units series', () => {
  it('turns the cumulative daily profit into points with each day change', () => {
    const points = unitsPlotPoints([
      { date: '2026-10-01', tips: 2, profit: 1.5 },
      { date: '2026-10-03', tips: 1, profit: -0.5 },
      { date: '2026-10-04', tips: 1, profit: -0.5 },
    ]);
    expect(points.map((p) => [p.id, p.change, p.total, p.result])).toEqual([
      ['2026-10-01', 1.5, 1.5, 'Win'],
      ['2026-10-03', -2, -0.5, 'Loss'],
      ['2026-10-04', 0, -0.5, 'Void'],
    ]);
  });

  it('says the luck figure in plain words', () => {
    expect(luckPhrase({ probability: 0.025, oneIn: 40, simulations: 10_000 })).toEqual({
      key: 'luckOneIn',
      n: 40,
    });
    expect(luckPhrase({ probability: 0, oneIn: null, simulations: 10_000 })).toEqual({
      key: 'luckNever',
      n: 10_000,
    });
    expect(luckPhrase({ probability: 0.71, oneIn: 1, simulations: 10_000 })).toEqual({
      key: 'luckCommon',
      k: 7,
    });
  });
});
