import { MESSAGES } from '@tips/contract';

/**
 * Messages of the purchase flows that the contract does not already carry. Each cart problem names
 * the tip it is about, so the buyer knows which one to remove (the web shows the first message).
 */

export function matchLabel(tip: { homeTeam: string; awayTeam: string }): string {
  return `${tip.homeTeam} vs ${tip.awayTeam}`;
}

export const CART_PROBLEMS = {
  unknown: (tipId: number) => `Tip #${tipId}: not found`,
  finalized: (match: string) => `${match}: this tip is already settled`,
  salesClosed: (match: string) => `${match}: sales closed at kick-off`,
  free: (match: string) => `${match}: this tip is free, there is nothing to buy`,
  owned: (match: string) => `${match}: you already own this tip`,
  ownTip: (match: string) => `${match}: you cannot buy your own tip`,
  planNotSold: (match: string) => `${match}: this plan is not sold with this tip`,
} as const;

export const COMMERCE_MESSAGES = {
  notEnoughCredits: MESSAGES.notEnoughCredits,
  orderNotFound: MESSAGES.orderNotFound,
  orderAlreadyProcessed: MESSAGES.orderAlreadyProcessed,
  paymentFailed: MESSAGES.paymentFailed,
  paymentUnavailable: MESSAGES.paymentUnavailable,
  paymentNotApproved: 'Please approve the payment in the PayPal window first.',
  paymentPending:
    'PayPal is still processing your payment. Your purchase will be completed and emailed to you as soon as it clears.',
  paymentAmountMismatch:
    'The payment amount did not match your order, so nothing was granted. Please contact support.',
  purchaseRequested: MESSAGES.purchaseRequested,
  creditDebtOutstanding:
    'A PayPal payment of yours was refunded or reversed after its credits were spent. Buy credits to settle what is owed before buying tips.',
} as const;
