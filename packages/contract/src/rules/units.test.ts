import { describe, expect, it } from 'vitest';
import { milliToUnits, tipProfitMilli, yieldPercent } from './units';

describe('units', () => {
  it('counts profit by bookmakers rules, in thousandths of a unit', () => {
    expect(tipProfitMilli(185, 1, 'WIN')).toBe(850);
    expect(tipProfitMilli(185, 3, 'WIN')).toBe(2_550);
    expect(tipProfitMilli(185, 1, 'HALF_WIN')).toBe(425);
    expect(tipProfitMilli(201, 1, 'HALF_WIN')).toBe(505);
    expect(tipProfitMilli(240, 7, 'VOID')).toBe(0);
    expect(tipProfitMilli(240, 3, 'HALF_LOSS')).toBe(-1_500);
    expect(tipProfitMilli(240, 10, 'LOSS')).toBe(-10_000);
  });

  it('shows units and yield with two decimals, rounding half away from zero', () => {
    expect(milliToUnits(425)).toBe(0.43);
    expect(milliToUnits(-425)).toBe(-0.43);
    expect(milliToUnits(0)).toBe(0);
    expect(yieldPercent(1_425, 8)).toBe(17.81);
    expect(yieldPercent(-1_000, 3)).toBe(-33.33);
    expect(yieldPercent(500, 0)).toBe(0);
  });
});
