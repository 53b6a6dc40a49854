import {
  type CreditRequestMethod,
  creditPriceCents,
  type ManualMethod,
  type PurchaseRequestBody,
} from '@tips/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { enqueueEmail } from '../../../infra/mail/outbox.repo';
import { conflict, notFound, unauthorized } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { assertMayPurchase } from '../../safer-gambling/purchase-guard.repo';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import { paymentInstructionsEmail, requestRejectedEmail } from '../emails/purchase-emails';
import { findAccountContact } from '../orders/fulfilment.repo';
import { buyerOf, fulfilOrder } from '../orders/order-fulfilment';
import { findOrderById, insertOrder, type OrderRow, transitionOrder } from '../orders/orders.repo';
import { priceCart } from '../tip-purchases/cart';

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

/** POST /tips/purchase: a visitor or a signed-in user asks to pay a cart by a manual method. */
export async function requestTipsPurchase(
  db: Db,
  userId: number | null,
  body: PurchaseRequestBody,
  ctx: ManualOrderContext,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    // A visitor is recognised by the form's address: a tip it already received is refused.
    const cart = await priceCart(
      tx,
      body.cart,
      { userId, email: userId === null ? body.email : null },
      ctx.now,
    );
    // A signed-in buyer's request reserves its share of the spending limits (visitors: none).
    if (userId !== null) await assertMayPurchase(tx, userId, cart.totalCents, ctx.now);
    const order = await insertOrder(
      tx,
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
    );
    await enqueueEmail(
      tx,
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
    );
    return order;
  });
}

/** POST /credits/request: a signed-in user asks for credits paid by a manual method. */
export async function requestCredits(
  db: Db,
  userId: number,
  input: { credits: number; method: CreditRequestMethod },
  ctx: ManualOrderContext,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const user = await findAccountContact(tx, userId);
    if (!user) throw unauthorized();
    const creditsCents = input.credits * 100;
    await assertMayPurchase(tx, userId, creditPriceCents(input.credits), ctx.now);
    const order = await insertOrder(tx, {
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
    });
    await enqueueEmail(
      tx,
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
    );
    return order;
  });
}

async function explainMiss(tx: DbOrTx, orderId: string): Promise<never> {
  const existing = await findOrderById(tx, orderId);
  if (existing?.provider !== 'manual') throw notFound(COMMERCE_MESSAGES.orderNotFound);
  throw conflict(COMMERCE_MESSAGES.orderAlreadyProcessed);
}

/**
 * An admin confirms that a manual payment arrived: the order moves PENDING → COMPLETED by a
 * conditional update and, in the same transaction, the tips or credits are granted and the buyer
 * is emailed. Of two admins confirming at once exactly one succeeds; the other gets 409.
 * Runs in its own transaction, or in a savepoint of the caller's when given one.
 */
export async function confirmManualOrder(
  db: DbOrTx,
  orderId: string,
  adminId: number,
  ctx: Pick<ManualOrderContext, 'now' | 'publicUrl'>,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const completed = await transitionIfManual(tx, orderId, 'COMPLETED', {
      decidedBy: adminId,
      completedAt: ctx.now,
      updatedAt: ctx.now,
    });
    await fulfilOrder(tx, completed, ctx);
    return completed;
  });
}

/** An admin rejects a manual request (no payment arrived); the buyer is told why. Exactly once. */
export async function rejectManualOrder(
  db: DbOrTx,
  orderId: string,
  adminId: number,
  reason: string,
  ctx: Pick<ManualOrderContext, 'now' | 'supportEmail'>,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const rejected = await transitionIfManual(tx, orderId, 'REJECTED', {
      decidedBy: adminId,
      rejectionReason: reason,
      updatedAt: ctx.now,
    });
    const buyer = await buyerOf(tx, rejected);
    const to = rejected.contactEmail ?? buyer.email;
    await enqueueEmail(
      tx,
      requestRejectedEmail({
        to,
        language: buyer.language,
        firstName: buyer.firstName,
        orderId,
        reason,
        supportEmail: ctx.supportEmail,
      }),
    );
    return rejected;
  });
}

async function transitionIfManual(
  tx: DbOrTx,
  orderId: string,
  to: 'COMPLETED' | 'REJECTED',
  patch: Parameters<typeof transitionOrder>[4],
): Promise<OrderRow> {
  const existing = await findOrderById(tx, orderId);
  if (existing?.provider !== 'manual') throw notFound(COMMERCE_MESSAGES.orderNotFound);
  const moved = await transitionOrder(tx, orderId, ['PENDING'], to, patch);
  return moved ?? explainMiss(tx, orderId);
}
