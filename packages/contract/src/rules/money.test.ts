import { describe, expect, it } from 'vitest';
import { formatCentsPlain, formatCredits, formatDollars, fromCents, roundUpDollars, toCents } from './money';

describe('toCents', () => {
  it.each([
    [12.5, 1250],
    [0, 0],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [12.345, 1235],
    [0.015, 2],
    [-0.015, -2],
    [-12.345, -1235],
    [9999.99, 999_999],
    [19.999, 2000],
  ])('%d → %i', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('rejects NaN and infinities', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it('returns dollars with 2 decimals', () => {
    expect(fromCents(1250)).toBe(12.5);
    expect(fromCents(1)).toBe(0.01);
    expect(fromCents(-99)).toBe(-0.99);
  });

  it('rejects fractional cents', () => {
    expect(() => fromCents(12.5)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [1250, '12.50', '$12.50', '12.50 Credits'],
    [0, '0.00', '$0.00', '0.00 Credits'],
    [5, '0.05', '$0.05', '0.05 Credits'],
    [100, '1.00', '$1.00', '1.00 Credits'],
    [123_456_789, '1234567.89', '$1234567.89', '1234567.89 Credits'],
    [-250, '-2.50', '-$2.50', '-2.50 Credits'],
  ])('%i cents', (cents, plain, dollars, credits) => {
    expect(formatCentsPlain(cents)).toBe(plain);
    expect(formatDollars(cents)).toBe(dollars);
    expect(formatCredits(cents)).toBe(credits);
  });
});

describe('roundUpDollars', () => {
  it.each([
    [1250, 13],
    [1200, 12],
    [1201, 13],
    [1, 1],
    [0, 0],
    [-150, -1],
  ])('%i cents → $%i', (cents, dollars) => {
    expect(roundUpDollars(cents)).toBe(dollars);
  });
});
