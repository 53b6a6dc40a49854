import { describe, expect, it } from 'vitest';
import { makeRecord } from '../../test/public-test-kit.test-support';
import { cumulativeResults, niceStep, valueAxis } from './results-series';

describe('cumulative results', () => {
  it('orders records by kick-off and adds odds − 1 per win, −1 per loss, 0 per void', () => {
    const points = cumulativeResults([
      makeRecord({ id: 3, eventTime: '2026-03-03T12:00:00Z', isWin: null, result: 'Void', odds: 3 }),
      makeRecord({ id: 1, eventTime: '2026-03-01T12:00:00Z', isWin: true, result: 'Win', odds: 2.1 }),
      makeRecord({ id: 2, eventTime: '2026-03-02T12:00:00Z', isWin: false, result: 'Loss', odds: 1.5 }),
    ]);
    expect(points.map((point) => [point.id, point.change, point.total])).toEqual([
      [1, 1.1, 1.1],
      [2, -1, 0.1],
      [3, 0, 0.1],
    ]);
  });

  it('keeps totals free of floating-point noise', () => {
    const wins = Array.from({ length: 10 }, (_, index) =>
      makeRecord({
        id: index + 1,
        eventTime: `2026-01-${String(index + 1).padStart(2, '0')}T00:00:00Z`,
        odds: 1.1,
      }),
    );
    expect(cumulativeResults(wins).at(-1)?.total).toBe(1);
  });

  it('builds an axis with nice steps that always includes zero', () => {
    expect(niceStep(55.76)).toBe(20);
    expect(valueAxis([-3, 55.76])).toEqual({ min: -20, max: 60, ticks: [-20, 0, 20, 40, 60] });
    expect(valueAxis([2, 3]).ticks[0]).toBe(0);
    expect(valueAxis([-4, -1]).ticks.at(-1)).toBe(0);
  });
});
