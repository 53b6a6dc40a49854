import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKS,
  creditBonus,
  creditPackDiscount,
  creditPriceCents,
  isValidCreditAmount,
} from './pricing';

describe('credit pricing', () => {
  it.each([
    [1, 0, 100],
    [99, 0, 9_900],
    [100, 0, 10_000],
    [249, 0, 24_900],
    [250, 5, 23_750],
    [499, 5, 47_405],
    [500, 10, 45_000],
    [999, 10, 89_910],
    [1000, 15, 85_000],
    [2499, 15, 212_415],
    [2500, 20, 200_000],
    [4999, 20, 399_920],
    [5000, 25, 375_000],
    [10000, 25, 750_000],
    [100000, 25, 7_500_000],
  ])('%i credits: %i%% off, %i cents', (credits, discount, cents) => {
    expect(creditPackDiscount(credits)).toBe(discount);
    expect(creditPriceCents(credits)).toBe(cents);
    expect(creditBonus(credits)).toBe(credits * 100 - cents);
  });

  it('gives each pack its own discount', () => {
    for (const pack of CREDIT_PACKS) expect(creditPackDiscount(pack.credits)).toBe(pack.discount);
  });

  it('shows the bonus of a pack in cents', () => {
    expect(creditBonus(250)).toBe(1_250);
    expect(creditBonus(5000)).toBe(125_000);
    expect(creditBonus(100)).toBe(0);
  });

  it('prices a half-typed or empty field as zero instead of throwing', () => {
    expect(creditPriceCents(Number.NaN)).toBe(0);
    expect(creditPriceCents(0)).toBe(0);
    expect(creditPriceCents(-5)).toBe(0);
    expect(creditBonus(Number.NaN)).toBe(0);
  });

  it('always returns integer cents', () => {
    for (let credits = 1; credits <= 6000; credits += 7) {
      expect(Number.isInteger(creditPriceCents(credits))).toBe(true);
    }
  });

  it('accepts whole credits from 1 to 100000 only', () => {
    expect(isValidCreditAmount(1)).toBe(true);
    expect(isValidCreditAmount(100_000)).toBe(true);
    expect(isValidCreditAmount(0)).toBe(false);
    expect(isValidCreditAmount(100_001)).toBe(false);
    expect(isValidCreditAmount(10.5)).toBe(false);
  });
});
