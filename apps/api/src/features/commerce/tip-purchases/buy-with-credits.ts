import { CREDITS_METHOD } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared, preparedSql } from '../../../db/prepared';
import { users } from '../../../db/schema';
import { unauthorized, unprocessable } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import {
  debitOutcome,
  debitValues,
  type PostingRow,
  postingColumns,
  postingCtes,
} from '../ledger/ledger.repo';
import { type FulfilContext, grantTips } from '../orders/order-fulfilment';
import { priceCart } from './cart';

/** The buyer's row, locked until the purchase commits. */
const lockBuyer = prepared((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      balance: users.creditBalance,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .prepare('lock_buyer'),
);

/**
 * The sale in one statement: the COMPLETED order, its lines (from arrays: any cart size, one SQL
 * string) and its debit through the ledger's own posting (`postingCtes`: the entry and the
 * guarded balance update). A refused debit leaves the order and lines written, and the caller's
 * transaction rolls all of it back.
 */
const recordSale = preparedSql<PostingRow>(
  'credit_sale',
  sql`with o as (
      insert into orders (id, user_id, type, method, provider, status, amount_cents, currency,
        created_at, updated_at, completed_at)
      values (${sql.placeholder('orderId')}::uuid, ${sql.placeholder('userId')}::int, 'TIPS', ${CREDITS_METHOD},
        'credits', 'COMPLETED', ${sql.placeholder('total')}::int, 'CREDITS', ${sql.placeholder('now')}::timestamptz,
        ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz)
      returning id
    ), items as (
      insert into order_items (order_id, tip_id, ai_plan_id, price_cents)
      select o.id, i.tip_id, i.ai_plan_id, i.price_cents
      from o, unnest(${sql.placeholder('tipIds')}::int[], ${sql.placeholder('planIds')}::int[],
        ${sql.placeholder('prices')}::int[]) as i(tip_id, ai_plan_id, price_cents)
    ), ${postingCtes}
    select ${postingColumns}`,
);

export interface CreditPurchaseResult {
  orderId: string;
  balanceCents: number;
  tipIds: number[];
}

/**
 * Pays a whole cart with credits, all or nothing, in one transaction: the user row is locked first
 * (so one user's purchases queue up and the ownership check cannot race), the cart is priced from
 * the database (ownership in the same statement), then the order with its single debit, the
 * entitlements and the email commit together: seven round trips from BEGIN to COMMIT (one more
 * when the cart holds an AI plan's tip: its subscription).
 */
export async function buyTipsWithCredits(
  db: Db,
  userId: number,
  tipIds: readonly number[],
  ctx: FulfilContext,
): Promise<CreditPurchaseResult> {
  return db.transaction(async (tx) => {
    const [user] = await lockBuyer(tx).execute({ userId });
    if (!user) throw unauthorized();
    const cart = await priceCart(tx, tipIds, { userId, email: user.email }, ctx.now);
    if (user.balance < cart.totalCents) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);

    const order = { id: newUuid(), amountCents: cart.totalCents };
    const [sale] = await recordSale(tx, {
      orderId: order.id,
      total: cart.totalCents,
      tipIds: cart.lines.map((line) => line.tip.id),
      planIds: cart.lines.map((line) => line.plan?.id ?? null),
      prices: cart.lines.map((line) => line.tip.priceCents),
      ...debitValues({
        userId,
        amountCents: cart.totalCents,
        reason: 'tip_purchase',
        reference: order.id,
        idempotencyKey: `order:${order.id}:debit`,
        now: ctx.now,
      }),
    });
    const debit = debitOutcome(sale);
    await grantTips(
      tx,
      {
        order,
        lines: cart.lines,
        buyer: { userId, email: user.email, firstName: user.firstName, language: user.language },
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
