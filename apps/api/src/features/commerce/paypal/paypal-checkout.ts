import { type OrderType, PAYPAL_APPROVAL_WINDOW_MS } from '@tips/contract';
import {
  type AppError,
  conflict,
  isAppError,
  notFound,
  unavailable,
  unprocessable,
} from '../../../lib/app-error';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import type { OrderRow } from '../orders/orders.repo';
import { cartOfOrderItems, priceLoadedCart } from '../tip-purchases/cart';
import { judgeCapture } from './capture-verdict';
import { isPaypalError, type PaypalCapture, type PaypalOrder } from './paypal.port';
import type { PaypalCheckoutDeps } from './paypal-checkout-deps';
import { createPaypalOrderOpening } from './paypal-order-opening';

export type { PaypalCheckoutDeps, PaypalCheckoutLog } from './paypal-checkout-deps';

export interface CaptureOutcome {
  order: OrderRow;
  /** The buyer's balance after a CREDITS order. */
  balanceCents: number | null;
  tipIds: number[];
}

export type ReconcileOutcome = 'completed' | 'failed' | 'waiting' | 'retry';

/** The window after which an unapproved order is closed: one constant with the spending-limit guard. */
export { PAYPAL_APPROVAL_WINDOW_MS };

/** An order row whose PayPal order was never created (the create call failed mid-way). */
const ORPHAN_AFTER_MS = 10 * 60_000;

/**
 * Money purchases through PayPal. The server prices every order from the database when it opens
 * it; capture is idempotent by construction:
 * - one order row per PayPal order (unique provider_order_id) with a status machine;
 * - every capture of an order sends the same `PayPal-Request-Id`, so PayPal captures once however
 *   many callers (browser retries, a second tab, the reconciler) race;
 * - the result is checked (capture COMPLETED, amount and currency equal to the order's) before the
 *   order moves to COMPLETED by a conditional update, in the same transaction as the grant.
 * No database transaction is held while PayPal is called.
 */
export function createPaypalCheckout(deps: PaypalCheckoutDeps) {
  const { transaction, repo, fulfilment, clock, paypal, log } = deps;

  const failOrder = (order: OrderRow, reason: string) => repo.failOpenOrder(order.id, reason, clock.now());

  async function outcomeOf(order: OrderRow): Promise<CaptureOutcome> {
    if (order.type === 'CREDITS') {
      return {
        order,
        balanceCents: order.userId === null ? null : await repo.balanceOf(order.userId),
        tipIds: [],
      };
    }
    const items = await repo.findOrderItems(order.id);
    return {
      order,
      balanceCents: null,
      tipIds: items.flatMap((item) => (item.tipId === null ? [] : [item.tipId])),
    };
  }

  /**
   * A TIPS order is captured only while every tip is still for sale and not already the buyer's;
   * otherwise it fails before any money moves. A visitor is known by the PayPal payer address.
   */
  async function assertStillSellable(order: OrderRow, payerEmail: string | null) {
    const { tipIds, plans } = cartOfOrderItems(await repo.findOrderItems(order.id));
    const buyer =
      order.userId !== null ? { userId: order.userId, email: null } : { userId: null, email: payerEmail };
    try {
      const loaded = await repo.loadCart({ tipIds, plans, buyer, exceptOrderId: order.id });
      priceLoadedCart(loaded, tipIds, buyer, clock.now());
    } catch (error) {
      if (isAppError(error) && error.status === 422) {
        await failOrder(order, `No longer for sale: ${error.messages.join('; ')}`);
      }
      throw error;
    }
  }

  /**
   * A buyer who started a time-out or self-exclusion, or cut a limit, after opening the order is
   * not charged: the order fails before PayPal captures (its own reservation is left out). Nor is
   * anyone paying from a paused person's PayPal address, visitor or member (decision 111): for a
   * visitor that address is also where the tips go.
   */
  async function assertBuyerMayStillPurchase(order: OrderRow, payerEmail: string | null) {
    try {
      await transaction(async (tx) => {
        const now = clock.now();
        if (order.userId !== null) {
          await repo.assertMayPurchase(
            { userId: order.userId, amountCents: order.amountCents, now, exceptOrderId: order.id },
            tx,
          );
        }
        await repo.assertAddressesMayPurchase({ addresses: [payerEmail, order.payerEmail], now }, tx);
      });
    } catch (error) {
      if (isAppError(error) && error.status === 422) await failOrder(order, error.messages.join('; '));
      throw error;
    }
  }

  /** Sends the capture (or reads the earlier one back) and returns PayPal's view of the capture. */
  async function captureAtPaypal(
    order: OrderRow,
  ): Promise<{ view: PaypalOrder; capture: PaypalCapture | undefined }> {
    const id = order.providerOrderId!;
    let view: PaypalOrder;
    try {
      view = await paypal.captureOrder(id, `capture-${order.id}`);
    } catch (error) {
      if (!isPaypalError(error)) throw error;
      if (error.kind === 'already-captured') {
        view = await readOrder(id);
      } else if (error.kind === 'declined' || error.kind === 'not-found') {
        await failOrder(order, `PayPal refused the capture (${error.details.issue ?? error.kind})`);
        throw unprocessable(COMMERCE_MESSAGES.paymentFailed);
      } else if (error.kind === 'not-approved') {
        throw unprocessable(COMMERCE_MESSAGES.paymentNotApproved);
      } else {
        log.warn(
          { err: error, orderId: order.id },
          'PayPal capture did not complete; the reconciler will retry',
        );
        throw unavailable(COMMERCE_MESSAGES.paymentUnavailable);
      }
    }
    let capture = view.captures[0];
    // A replayed request returns the first response; a pending capture may have cleared since.
    if (capture?.status === 'PENDING') {
      view = await readOrder(id);
      capture = view.captures[0];
    }
    return { view, capture };
  }

  async function readOrder(id: string): Promise<PaypalOrder> {
    try {
      return await paypal.getOrder(id);
    } catch {
      throw unavailable(COMMERCE_MESSAGES.paymentUnavailable);
    }
  }

  /**
   * Captures an order and grants what it bought, once. Safe to call any number of times, from
   * anywhere, at once: every caller ends with the same COMPLETED order or the same error.
   * PayPal's view comes first: an order PayPal has already captured (say our process died between
   * the capture and the grant) is granted whatever happened since; only an uncaptured one is
   * re-checked for sale.
   */
  /** `visitorLanguage`: the capturing request's language, for a visitor buyer's email. */
  async function settle(order: OrderRow, known?: PaypalOrder, visitorLanguage?: string): Promise<OrderRow> {
    if (order.status === 'COMPLETED') return order;
    if (order.status !== 'CREATED' && order.status !== 'APPROVED')
      throw unprocessable(COMMERCE_MESSAGES.paymentFailed);
    if (!order.providerOrderId) throw notFound(COMMERCE_MESSAGES.orderNotFound);

    let view: PaypalOrder;
    try {
      view = known ?? (await paypal.getOrder(order.providerOrderId));
    } catch (error) {
      if (!isPaypalError(error, 'not-found')) throw unavailable(COMMERCE_MESSAGES.paymentUnavailable);
      await failOrder(order, 'PayPal does not know this order');
      throw unprocessable(COMMERCE_MESSAGES.paymentFailed);
    }
    let captured: PaypalCapture | undefined = view.captures[0];
    if (view.status === 'APPROVED') {
      if (order.type === 'TIPS') await assertStillSellable(order, view.payerEmail);
      await assertBuyerMayStillPurchase(order, view.payerEmail);
      ({ view, capture: captured } = await captureAtPaypal(order));
    } else if (view.status === 'VOIDED') {
      await failOrder(order, 'Voided at PayPal');
      throw unprocessable(COMMERCE_MESSAGES.paymentFailed);
    }
    const verdict = judgeCapture(order, captured);
    if (verdict.kind === 'not-approved') throw unprocessable(COMMERCE_MESSAGES.paymentNotApproved);
    if (verdict.kind === 'pending') {
      await repo.transitionOrder(order.id, {
        from: ['CREATED'],
        to: 'APPROVED',
        patch: { payerEmail: view.payerEmail, updatedAt: clock.now() },
      });
      throw conflict(COMMERCE_MESSAGES.paymentPending);
    }
    if (verdict.kind === 'refused' || verdict.kind === 'mismatch') {
      if (verdict.kind === 'mismatch')
        log.error({ orderId: order.id, reason: verdict.reason }, 'PayPal capture mismatch; nothing granted');
      await failOrder(order, verdict.reason);
      throw unprocessable(
        verdict.kind === 'mismatch'
          ? COMMERCE_MESSAGES.paymentAmountMismatch
          : COMMERCE_MESSAGES.paymentFailed,
      );
    }
    const granted = verdict.capture;

    return transaction(async (tx) => {
      const now = clock.now();
      const completed = await repo.transitionOrder(
        order.id,
        {
          from: ['CREATED', 'APPROVED'],
          to: 'COMPLETED',
          patch: {
            providerCaptureId: granted.id,
            payerEmail: view.payerEmail ?? order.payerEmail,
            completedAt: now,
            updatedAt: now,
          },
        },
        tx,
      );
      if (!completed) {
        // Another caller got there first; its result is ours.
        const current = await repo.findOrderById(order.id, tx);
        if (current?.status === 'COMPLETED') return current;
        log.error(
          { orderId: order.id, captureId: granted.id, status: current?.status },
          'PayPal captured an order we had failed; refund it',
        );
        throw unprocessable(COMMERCE_MESSAGES.paymentFailed);
      }
      await fulfilment.fulfilOrder(tx, completed, { now, publicUrl: deps.publicUrl, visitorLanguage });
      log.info(
        { orderId: order.id, type: order.type, amountCents: order.amountCents },
        'PayPal order completed',
      );
      return completed;
    });
  }

  /**
   * POST /credits/paypal/capture-payment and POST /tips/paypal/capture. The order must be of the
   * endpoint's type, and an account's order can be captured only by that account.
   */
  async function capture(
    providerOrderId: string,
    caller: { userId: number | null; type: OrderType; language?: string },
  ): Promise<CaptureOutcome> {
    const order = await repo.findOrderByProviderId(providerOrderId);
    if (
      order?.provider !== 'paypal' ||
      order.type !== caller.type ||
      (order.userId !== null && order.userId !== caller.userId)
    ) {
      throw notFound(COMMERCE_MESSAGES.orderNotFound);
    }
    return outcomeOf(await settle(order, undefined, caller.language));
  }

  /** The reconciler's step for one claimed order: capture it if the buyer approved and left. */
  async function reconcile(order: OrderRow): Promise<ReconcileOutcome> {
    const age = clock.now().getTime() - order.createdAt.getTime();
    if (!order.providerOrderId) {
      if (age < ORPHAN_AFTER_MS) return 'waiting';
      await failOrder(order, 'The PayPal order was never created');
      return 'failed';
    }
    let view: PaypalOrder;
    try {
      view = await paypal.getOrder(order.providerOrderId);
    } catch (error) {
      if (isPaypalError(error, 'not-found')) {
        await failOrder(order, 'PayPal no longer knows this order');
        return 'failed';
      }
      log.warn({ err: error, orderId: order.id }, 'reconciler: PayPal order lookup failed');
      return 'retry';
    }
    if (view.status === 'APPROVED' || view.status === 'COMPLETED') {
      try {
        await settle(order, view);
        return 'completed';
      } catch (error) {
        return outcomeOfError(error as AppError);
      }
    }
    if (view.status === 'VOIDED' || age >= PAYPAL_APPROVAL_WINDOW_MS) {
      await failOrder(order, view.status === 'VOIDED' ? 'Voided at PayPal' : 'Never approved by the buyer');
      return 'failed';
    }
    return 'waiting';
  }

  function outcomeOfError(error: AppError): ReconcileOutcome {
    if (!isAppError(error)) throw error;
    if (error.status === 422) return 'failed';
    if (error.status === 409) return 'waiting';
    return 'retry';
  }

  return { ...createPaypalOrderOpening(deps), capture, settle, reconcile };
}

export type PaypalCheckout = ReturnType<typeof createPaypalCheckout>;
