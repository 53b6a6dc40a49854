import {
  CREDITS_METHOD,
  PAYMENT_METHODS,
  PAYPAL_METHOD,
  type PaymentMethod,
  toCents,
} from '@tips/contract/rules';

export type CheckoutKind = 'paypal' | 'credits' | 'request';

/**
 * The checkout's options (SPEC §2/§9): the card provider first, then the manual methods, and
 * Credits for signed-in users only (SPEC §6: the token selects the extra Credits option).
 */
export function checkoutMethods(isSignedIn: boolean): PaymentMethod[] {
  const manual = PAYMENT_METHODS.map((method) => method.value).filter(
    (value) => value !== PAYPAL_METHOD && value !== CREDITS_METHOD,
  );
  return [PAYPAL_METHOD, ...manual, ...(isSignedIn ? [CREDITS_METHOD] : [])];
}

/** SPEC §4: the first option, or Credits when a user is logged in. */
export function defaultCheckoutMethod(isSignedIn: boolean): PaymentMethod {
  return isSignedIn ? CREDITS_METHOD : checkoutMethods(false)[0];
}

/** Value 10 shows PayPal's button and no form; 11 pays with credits; every other value is a request. */
export function checkoutKind(method: number): CheckoutKind {
  if (method === PAYPAL_METHOD) return 'paypal';
  if (method === CREDITS_METHOD) return 'credits';
  return 'request';
}

/** Sum of the tips' prices in integer cents (prices arrive as dollars with 2 decimals). */
export function cartTotalCents(tips: readonly { price: number }[]): number {
  return tips.reduce((sum, tip) => sum + toCents(tip.price), 0);
}
