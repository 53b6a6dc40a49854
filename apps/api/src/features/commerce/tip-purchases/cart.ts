import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { aiPlans, entitlements, tips, tipsters } from '../../../db/schema';
import { unprocessable } from '../../../lib/app-error';
import { type TipWithTipster, tipWithTipsterColumns } from '../../tips/tip-view';
import { CART_PROBLEMS, matchLabel } from '../commerce-messages';
import { fitsIntColumn } from '../db-ids';

export type AiPlanRow = typeof aiPlans.$inferSelect;

/** One tip of a cart as sold: the tip, its tipster and, for an AI model tip, its plan. */
export interface CartLine extends TipWithTipster {
  plan: AiPlanRow | null;
}

/** Who buys: a signed-in user, or a visitor known by an email address (PayPal payer, request form). */
export interface Buyer {
  userId: number | null;
  email: string | null;
}

export async function loadCartLines(db: DbOrTx, ids: readonly number[]): Promise<Map<number, CartLine>> {
  const tipIds = ids.filter(fitsIntColumn);
  if (tipIds.length === 0) return new Map();
  const rows = await db
    .select({ ...tipWithTipsterColumns, plan: aiPlans })
    .from(tips)
    .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
    .leftJoin(aiPlans, eq(aiPlans.id, tips.aiPlanId))
    .where(inArray(tips.id, [...tipIds]));
  return new Map(rows.map((row) => [row.tip.id, row]));
}

/**
 * The tips among `tipIds` the buyer already owns. `exceptOrderId` ignores the grants of one order,
 * so that re-checking an order that a concurrent caller has just completed does not refuse it.
 */
export async function ownedTipIds(
  db: DbOrTx,
  buyer: Buyer,
  tipIds: readonly number[],
  exceptOrderId?: string,
): Promise<Set<number>> {
  const ids = tipIds.filter(fitsIntColumn);
  if (ids.length === 0 || (buyer.userId === null && !buyer.email)) return new Set();
  const whose =
    buyer.userId !== null
      ? eq(entitlements.userId, buyer.userId)
      : and(isNull(entitlements.userId), sql`lower(${entitlements.buyerEmail}) = lower(${buyer.email})`);
  const rows = await db
    .select({ tipId: entitlements.tipId })
    .from(entitlements)
    .where(
      and(
        whose,
        inArray(entitlements.tipId, ids),
        exceptOrderId ? or(isNull(entitlements.orderId), ne(entitlements.orderId, exceptOrderId)) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.tipId));
}

export interface CartCheck {
  now: Date;
  owned: ReadonlySet<number>;
  /** The buyer's account, so a tipster cannot buy their own tip. */
  buyerUserId: number | null;
}

/**
 * Every reason the cart cannot be sold, one message per tip, naming it. The whole cart is sold or
 * none of it, so any problem refuses the purchase.
 */
export function cartProblems(
  tipIds: readonly number[],
  lines: ReadonlyMap<number, CartLine>,
  check: CartCheck,
) {
  const problems: string[] = [];
  for (const id of tipIds) {
    const line = lines.get(id);
    if (!line) {
      problems.push(CART_PROBLEMS.unknown(id));
      continue;
    }
    const match = matchLabel(line.tip);
    if (line.tip.result !== null) problems.push(CART_PROBLEMS.finalized(match));
    else if (line.tip.eventTime.getTime() <= check.now.getTime())
      problems.push(CART_PROBLEMS.salesClosed(match));
    else if (line.tip.priceCents === 0) problems.push(CART_PROBLEMS.free(match));
    else if (check.buyerUserId !== null && line.tipster.userId === check.buyerUserId) {
      problems.push(CART_PROBLEMS.ownTip(match));
    } else if (check.owned.has(id)) problems.push(CART_PROBLEMS.owned(match));
  }
  return problems;
}

export interface PricedCart {
  lines: CartLine[];
  totalCents: number;
}

/**
 * Prices a cart from the database (the client's prices are never read) or throws 422 with every
 * problem. Call it inside the purchase transaction so the check and the sale see the same rows.
 */
export async function priceCart(
  db: DbOrTx,
  tipIds: readonly number[],
  buyer: Buyer,
  now: Date,
  exceptOrderId?: string,
): Promise<PricedCart> {
  // Sequential on purpose: inside a transaction there is one connection.
  const lines = await loadCartLines(db, tipIds);
  const owned = await ownedTipIds(db, buyer, tipIds, exceptOrderId);
  const problems = cartProblems(tipIds, lines, { now, owned, buyerUserId: buyer.userId });
  if (problems.length > 0) throw unprocessable(problems);
  const ordered = tipIds.map((id) => lines.get(id)!);
  return { lines: ordered, totalCents: ordered.reduce((sum, line) => sum + line.tip.priceCents, 0) };
}
