import type { PaypalCapture } from './paypal.port';

/** What to do with an order given the capture PayPal reports for it. */
export type CaptureVerdict =
  | { kind: 'grant'; capture: PaypalCapture }
  | { kind: 'not-approved' }
  | { kind: 'pending' }
  | { kind: 'refused'; reason: string }
  | { kind: 'mismatch'; reason: string };

/**
 * Grant only a COMPLETED capture of exactly the order's amount in the order's currency. A pending
 * capture waits; anything else (declined, failed, another amount or currency) grants nothing.
 */
export function judgeCapture(
  order: { amountCents: number; currency: string },
  capture: PaypalCapture | undefined,
): CaptureVerdict {
  if (!capture) return { kind: 'not-approved' };
  if (capture.status === 'PENDING') return { kind: 'pending' };
  if (capture.status !== 'COMPLETED')
    return { kind: 'refused', reason: `PayPal capture ${capture.id} is ${capture.status}` };
  const { amount } = capture;
  if (!amount || amount.cents !== order.amountCents || amount.currency !== order.currency) {
    const got = amount ? `${amount.cents} ${amount.currency}` : 'an unreadable amount';
    return {
      kind: 'mismatch',
      reason: `Amount mismatch: PayPal captured ${got}, the order is ${order.amountCents} ${order.currency} (capture ${capture.id}; refund it)`,
    };
  }
  return { kind: 'grant', capture };
}
