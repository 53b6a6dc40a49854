import { describe, expect, it } from 'vitest';
import { formatOdds } from './odds-format';

describe('formatOdds', () => {
  it.each([
    [2.5, '2.50', '3/2', '+150'],
    [2, '2.00', '1/1', '+100'],
    [1.5, '1.50', '1/2', '-200'],
    [1.91, '1.91', '91/100', '-110'],
    [3.25, '3.25', '9/4', '+225'],
    [11, '11.00', '10/1', '+1000'],
    [1.01, '1.01', '1/100', '-10000'],
  ])('shows %s as %s, %s and %s', (odds, decimal, fractional, american) => {
    expect(formatOdds(odds, 'DECIMAL')).toBe(decimal);
    expect(formatOdds(odds, 'FRACTIONAL')).toBe(fractional);
    expect(formatOdds(odds, 'AMERICAN')).toBe(american);
  });
});
