import { CREDITS_METHOD } from '@tips/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { unauthorized, unprocessable } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import { debitAccount } from '../ledger/ledger.repo';
import { type FulfilContext, grantTips } from '../orders/order-fulfilment';
import { insertOrder } from '../orders/orders.repo';
import { priceCart } from './cart';

export interface CreditPurchaseResult {
  orderId: string;
  balanceCents: number;
  tipIds: number[];
}

/**
 * Pays a whole cart with credits, all or nothing, in one transaction: the user row is locked first
 * (so one user's purchases queue up and the ownership check cannot race), the cart is priced from
 * the database, then the order, its single debit, the entitlements and the email commit together.
 */
export async function buyTipsWithCredits(
  db: Db,
  userId: number,
  tipIds: readonly number[],
  ctx: FulfilContext,
): Promise<CreditPurchaseResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, balance: users.creditBalance })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw unauthorized();
    const cart = await priceCart(tx, tipIds, { userId, email: user.email }, ctx.now);
    if (user.balance < cart.totalCents) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);

    const order = await insertOrder(
      tx,
      {
        id: newUuid(),
        userId,
        type: 'TIPS',
        method: CREDITS_METHOD,
        provider: 'credits',
        status: 'COMPLETED',
        amountCents: cart.totalCents,
        currency: 'CREDITS',
        createdAt: ctx.now,
        updatedAt: ctx.now,
        completedAt: ctx.now,
      },
      cart.lines.map((line) => ({
        tipId: line.tip.id,
        aiPlanId: line.plan?.id ?? null,
        priceCents: line.tip.priceCents,
      })),
    );
    const debit = await debitAccount(tx, {
      userId,
      amountCents: cart.totalCents,
      reason: 'tip_purchase',
      reference: order.id,
      idempotencyKey: `order:${order.id}:debit`,
      now: ctx.now,
    });
    await grantTips(
      tx,
      {
        order,
        lines: cart.lines,
        buyer: { userId, email: user.email, firstName: user.firstName },
        source: 'credits',
      },
      ctx,
    );
    return {
      orderId: order.id,
      balanceCents: debit.balanceCents,
      tipIds: cart.lines.map((line) => line.tip.id),
    };
  });
}
