import { describe, expect, it } from 'vitest';
import { availableCutoff, saleValueCents, splitSale } from './earnings-rules';

describe('what a sale earns', () => {
  it('gives a tipster 70 % of a $19 PayPal sale and the platform the rest', () => {
    expect(splitSale(saleValueCents(1900, 'paypal'), 70, true)).toEqual({
      tipsterCents: 1330,
      platformCents: 570,
    });
  });

  it('counts a credits sale at the deepest pack discount: 19.00 credits are worth $14.25', () => {
    expect(saleValueCents(1900, 'credits')).toBe(1425);
    expect(splitSale(1425, 70, true)).toEqual({ tipsterCents: 997, platformCents: 428 });
  });

  it('never loses a cent to rounding: share and commission add up to the value', () => {
    for (const value of [1, 3, 99, 101, 1333, 99_999]) {
      for (const share of [0, 33, 55, 67, 70, 100]) {
        const split = splitSale(value, share, true);
        expect(split.tipsterCents + split.platformCents).toBe(value);
        expect(split.tipsterCents).toBeLessThanOrEqual((value * share) / 100);
      }
    }
  });

  it('gives a house or AI tipster without an account nothing: it is all commission', () => {
    expect(splitSale(999, 70, false)).toEqual({ tipsterCents: 0, platformCents: 999 });
  });

  it('makes earnings available the hold after settlement', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(availableCutoff(now, 14).toISOString()).toBe('2026-11-13T12:00:00.000Z');
    expect(availableCutoff(now, 0)).toEqual(now);
  });
});
