import {
  BACKOFFICE_MESSAGES,
  type CreditRequestMethod,
  creditPriceCents,
  isValidCreditAmount,
  type ManualMethod,
  MESSAGES,
  type PurchaseRequestBody,
} from '@tips/contract';
import type { Tx } from '../../../db/client';
import {
  badRequest,
  conflict,
  isAppError,
  notFound,
  unauthorized,
  unprocessable,
} from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import type { CommerceRepos, MailOutbox, RunInTransaction } from '../commerce-repos';
import { paymentInstructionsEmail, requestRejectedEmail } from '../emails/purchase-emails';
import type { OrderFulfilment } from '../orders/order-fulfilment.service';
import type { OrderRow } from '../orders/orders.repo';
import { planChoicesOf, priceLoadedCart } from '../tip-purchases/cart';

/**
 * Manual payment methods (values 0–9): Request Purchase opens a PENDING order and emails the
 * payment instructions; an admin later confirms it (the grant happens exactly once) or rejects it.
 */

export interface ManualOrderContext {
  now: Date;
  publicUrl: string;
  supportEmail: string;
  /** Per-method payment details (wallet addresses, accounts) from configuration, when set. */
  paymentDetails?: Partial<Record<ManualMethod, string>>;
  /**
   * The site language of the request (its subdomain) for the instructions sent to the form's
   * address, which may be a visitor's; absent → English.
   */
  language?: string;
}

/** What manual orders are built from (fakes in tests). */
export interface ManualOrdersDeps {
  transaction: RunInTransaction;
  repo: Pick<
    CommerceRepos,
    | 'findOrderById'
    | 'insertOrder'
    | 'transitionOrder'
    | 'findAccountContact'
    | 'loadCart'
    | 'assertMayPurchase'
    | 'assertAddressesMayPurchase'
  >;
  outbox: MailOutbox;
  fulfilment: Pick<OrderFulfilment, 'fulfilOrder' | 'buyerOf'>;
}

export type ManualOrders = ReturnType<typeof createManualOrders>;

export function createManualOrders({ transaction, repo, outbox, fulfilment }: ManualOrdersDeps) {
  /** POST /tips/purchase: a visitor or a signed-in user asks to pay a cart by a manual method. */
  async function requestTipsPurchase(
    userId: number | null,
    body: PurchaseRequestBody,
    ctx: ManualOrderContext,
  ): Promise<OrderRow> {
    return transaction(async (tx) => {
      // A visitor is recognised by the form's address: a tip it already received is refused.
      const buyer = { userId, email: userId === null ? body.email : null };
      const loaded = await repo.loadCart({ tipIds: body.cart, plans: planChoicesOf(body.plans), buyer }, tx);
      const cart = priceLoadedCart(loaded, body.cart, buyer, ctx.now);
      // A signed-in buyer's request reserves its share of the spending limits (visitors: none).
      if (userId !== null)
        await repo.assertMayPurchase({ userId, amountCents: cart.totalCents, now: ctx.now }, tx);
      // The form's address receives the tips: a paused person's address buys nothing, with or
      // without an account (decision 111).
      await repo.assertAddressesMayPurchase({ addresses: [body.email], now: ctx.now }, tx);
      const order = await repo.insertOrder(
        {
          id: newUuid(),
          userId,
          type: 'TIPS',
          method: body.method,
          provider: 'manual',
          status: 'PENDING',
          amountCents: cart.totalCents,
          currency: 'USD',
          contactFirstName: body.firstName,
          contactLastName: body.lastName,
          contactEmail: body.email,
          contactCountry: body.country,
          contactMobile: body.mobile,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        cart.lines.map((line) => ({
          tipId: line.tip.id,
          aiPlanId: line.plan?.id ?? null,
          priceCents: line.tip.priceCents,
        })),
        tx,
      );
      await outbox.enqueueEmail(
        paymentInstructionsEmail({
          to: body.email,
          language: ctx.language ?? 'en',
          firstName: body.firstName,
          orderId: order.id,
          method: body.method,
          totalCents: cart.totalCents,
          items: { kind: 'tips', tips: cart.lines.map((line) => ({ ...line.tip })) },
          supportEmail: ctx.supportEmail,
          payTo: ctx.paymentDetails?.[body.method],
        }),
        tx,
      );
      return order;
    });
  }

  /** POST /credits/request: a signed-in user asks for credits paid by a manual method. */
  async function requestCredits(
    userId: number,
    input: { credits: number; method: CreditRequestMethod },
    ctx: ManualOrderContext,
  ): Promise<OrderRow> {
    // The route's schema refuses it first (the same 400); the service does not rely on it (decision 105).
    if (!isValidCreditAmount(input.credits)) throw badRequest(MESSAGES.creditsOutOfRange);
    return transaction(async (tx) => {
      const user = await repo.findAccountContact(userId, tx);
      if (!user) throw unauthorized();
      const creditsCents = input.credits * 100;
      await repo.assertMayPurchase(
        { userId, amountCents: creditPriceCents(input.credits), now: ctx.now },
        tx,
      );
      const order = await repo.insertOrder(
        {
          id: newUuid(),
          userId,
          type: 'CREDITS',
          method: input.method,
          provider: 'manual',
          status: 'PENDING',
          amountCents: creditPriceCents(input.credits),
          currency: 'USD',
          creditsCents,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        [],
        tx,
      );
      await outbox.enqueueEmail(
        paymentInstructionsEmail({
          to: user.email,
          language: user.language,
          firstName: user.firstName,
          orderId: order.id,
          method: input.method as ManualMethod,
          totalCents: order.amountCents,
          items: { kind: 'credits', creditsCents },
          supportEmail: ctx.supportEmail,
          payTo: ctx.paymentDetails?.[input.method],
        }),
        tx,
      );
      return order;
    });
  }

  async function explainMiss(tx: Tx, orderId: string): Promise<never> {
    const existing = await repo.findOrderById(orderId, tx);
    if (existing?.provider !== 'manual') throw notFound(COMMERCE_MESSAGES.orderNotFound);
    throw conflict(COMMERCE_MESSAGES.orderAlreadyProcessed);
  }

  async function transitionIfManual(
    tx: Tx,
    orderId: string,
    to: 'COMPLETED' | 'REJECTED',
    patch: Parameters<CommerceRepos['transitionOrder']>[1]['patch'],
  ): Promise<OrderRow> {
    const existing = await repo.findOrderById(orderId, tx);
    if (existing?.provider !== 'manual') throw notFound(COMMERCE_MESSAGES.orderNotFound);
    const moved = await repo.transitionOrder(orderId, { from: ['PENDING'], to, patch }, tx);
    return moved ?? explainMiss(tx, orderId);
  }

  /**
   * Confirming is the purchase, so it passes the purchase guard again (decision 111), as a PayPal
   * capture does: a buyer who started a time-out or self-exclusion, or cut a limit, since asking
   * (or whose contact address is a paused person's) is not served. The admin is told why, in
   * words meant for the admin, and rejects the request and returns the money instead.
   */
  async function assertStillPurchasable(tx: Tx, order: OrderRow, now: Date): Promise<void> {
    try {
      if (order.userId !== null) {
        await repo.assertMayPurchase(
          { userId: order.userId, amountCents: order.amountCents, now, exceptOrderId: order.id },
          tx,
        );
      }
      await repo.assertAddressesMayPurchase({ addresses: [order.contactEmail], now }, tx);
    } catch (error) {
      if (isAppError(error) && error.status === 422) throw unprocessable(MESSAGES.manualOrderBuyerPaused);
      // The guard's 401 means the buyer's account was erased since asking: the admin's own
      // session is fine, so say what is wrong instead of a 401 that would sign the admin out.
      if (isAppError(error) && error.status === 401) throw unprocessable(BACKOFFICE_MESSAGES.userNotFound);
      throw error;
    }
  }

  /**
   * An admin confirms that a manual payment arrived: the order moves PENDING → COMPLETED by a
   * conditional update and, in the same transaction, the tips or credits are granted and the buyer
   * is emailed. Of two admins confirming at once exactly one succeeds; the other gets 409.
   * Runs in its own transaction, or in a savepoint of the caller's `within` when given one.
   */
  async function confirmManualOrder(
    orderId: string,
    adminId: number,
    ctx: Pick<ManualOrderContext, 'now' | 'publicUrl'>,
    within?: Tx,
  ): Promise<OrderRow> {
    return transaction(async (tx) => {
      const pending = await repo.findOrderById(orderId, tx);
      if (pending?.provider === 'manual' && pending.status === 'PENDING') {
        await assertStillPurchasable(tx, pending, ctx.now);
      }
      const completed = await transitionIfManual(tx, orderId, 'COMPLETED', {
        decidedBy: adminId,
        completedAt: ctx.now,
        updatedAt: ctx.now,
      });
      await fulfilment.fulfilOrder(tx, completed, ctx);
      return completed;
    }, within);
  }

  /** An admin rejects a manual request (no payment arrived); the buyer is told why. Exactly once. */
  async function rejectManualOrder(
    orderId: string,
    adminId: number,
    reason: string,
    ctx: Pick<ManualOrderContext, 'now' | 'supportEmail'>,
    within?: Tx,
  ): Promise<OrderRow> {
    return transaction(async (tx) => {
      const rejected = await transitionIfManual(tx, orderId, 'REJECTED', {
        decidedBy: adminId,
        rejectionReason: reason,
        updatedAt: ctx.now,
      });
      const buyer = await fulfilment.buyerOf(tx, rejected);
      const to = rejected.contactEmail ?? buyer.email;
      await outbox.enqueueEmail(
        requestRejectedEmail({
          to,
          language: buyer.language,
          firstName: buyer.firstName,
          orderId,
          reason,
          supportEmail: ctx.supportEmail,
        }),
        tx,
      );
      return rejected;
    }, within);
  }

  return { requestTipsPurchase, requestCredits, confirmManualOrder, rejectManualOrder };
}
