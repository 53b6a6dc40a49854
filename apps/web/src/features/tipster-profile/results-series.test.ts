import { describe, expect, it } from 'vitest';
import { niceStep, valueAxis } from './results-series';

describe('chart axis', () => {
  it('builds an axis with nice steps that always includes zero', () => {
    expect(niceStep(55.76)).toBe(20);
    expect(valueAxis([-3, 55.76])).toEqual({ min: -20, max: 60, ticks: [-20, 0, 20, 40, 60] });
    expect(valueAxis([2, 3]).ticks[0]).toBe(0);
    expect(valueAxis([-4, -1]).ticks.at(-1)).toBe(0);
  });
});
