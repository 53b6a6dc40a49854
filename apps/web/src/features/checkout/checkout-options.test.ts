import { describe, expect, it } from 'vitest';
import { cartTotalCents, checkoutKind, checkoutMethods, defaultCheckoutMethod } from './checkout-options';

describe('checkout options', () => {
  it('offers all 12 methods to signed-in users, Credits only to them', () => {
    expect(checkoutMethods(true)).toEqual([10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(checkoutMethods(false)).toEqual([10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('defaults to Credits when signed in, else to the first option', () => {
    expect(defaultCheckoutMethod(true)).toBe(11);
    expect(defaultCheckoutMethod(false)).toBe(10);
  });

  it('treats 10 as the card provider, 11 as credits and the rest as requests', () => {
    expect(checkoutKind(10)).toBe('paypal');
    expect(checkoutKind(11)).toBe('credits');
    for (const method of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(checkoutKind(method)).toBe('request');
  });

  it('sums prices in whole cents', () => {
    expect(cartTotalCents([{ price: 0.1 }, { price: 0.2 }])).toBe(30);
    expect(cartTotalCents([{ price: 12.5 }, { price: 99 }, { price: 4.99 }])).toBe(11649);
    expect(cartTotalCents([])).toBe(0);
  });
});
