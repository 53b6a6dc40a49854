import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  aiSubscriptions,
  entitlements,
  orderReversals,
  orders,
  paypalWebhookEvents,
  revokedEntitlements,
  tipRefunds,
  users,
} from '../../../db/schema';
import type { OrderRow } from '../orders/orders.repo';

/** The webhook's reads and writes: events once per id, orders by PayPal id, reversals. */

export interface WebhookEventRecord {
  eventId: string;
  eventType: string;
  resourceId: string | null;
  orderId: string | null;
  outcome: string;
  receivedAt: Date;
}

/** Inserts the event's row; false when this event id was handled before (a replay). */
export async function claimWebhookEvent(tx: DbOrTx, event: WebhookEventRecord): Promise<boolean> {
  const rows = await tx
    .insert(paypalWebhookEvents)
    .values(event)
    .onConflictDoNothing({ target: paypalWebhookEvents.eventId })
    .returning({ eventId: paypalWebhookEvents.eventId });
  return rows.length === 1;
}

export async function setWebhookOutcome(
  tx: DbOrTx,
  eventId: string,
  outcome: string,
  orderId: string | null,
): Promise<void> {
  await tx
    .update(paypalWebhookEvents)
    .set({ outcome, orderId })
    .where(eq(paypalWebhookEvents.eventId, eventId));
}

export async function findWebhookEvent(tx: DbOrTx, eventId: string) {
  const [row] = await tx.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.eventId, eventId));
  return row;
}

/** Our PayPal order for a capture id or a PayPal order id, locked for the reversal. */
export async function lockOrderByPaypalIds(
  tx: DbOrTx,
  ids: { captureId: string | null; paypalOrderId: string | null },
): Promise<OrderRow | undefined> {
  const conditions = [
    ids.captureId ? eq(orders.providerCaptureId, ids.captureId) : undefined,
    ids.paypalOrderId ? eq(orders.providerOrderId, ids.paypalOrderId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.provider, 'paypal'), or(...conditions)))
    .limit(1)
    .for('update');
  return row;
}

/** True when the refund is one this shop made (a voided tip's refund, decision 047). */
export async function isOwnRefund(tx: DbOrTx, refundId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: tipRefunds.id })
    .from(tipRefunds)
    .where(eq(tipRefunds.providerRefundId, refundId))
    .limit(1);
  return row !== undefined;
}

export async function reversalBySource(tx: DbOrTx, sourceId: string) {
  const [row] = await tx.select().from(orderReversals).where(eq(orderReversals.sourceId, sourceId));
  return row;
}

/** What earlier reversals of the order already took back. */
export async function reversedSoFar(
  tx: DbOrTx,
  orderId: string,
): Promise<{ amountCents: number; creditsCents: number }> {
  const [row] = await tx
    .select({
      amount: sql<string>`coalesce(sum(${orderReversals.amountCents}), 0)::text`,
      credits: sql<string>`coalesce(sum(${orderReversals.creditsCents}), 0)::text`,
    })
    .from(orderReversals)
    .where(eq(orderReversals.orderId, orderId));
  return { amountCents: Number(row.amount), creditsCents: Number(row.credits) };
}

export async function lockBalance(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.balance ?? 0;
}

export type NewReversal = typeof orderReversals.$inferInsert;

export async function insertReversal(tx: DbOrTx, reversal: NewReversal): Promise<number> {
  const [row] = await tx.insert(orderReversals).values(reversal).returning({ id: orderReversals.id });
  return row.id;
}

/**
 * Takes away the order's tips: each entitlement it granted is moved to revoked_entitlements (so
 * every reader of entitlements stops showing the selection at once), except one whose tip was
 * voided and refunded already (its refund row keeps it). AI subscriptions bought by the order stop
 * delivering. Returns how many tips were revoked.
 */
export async function revokeOrderEntitlements(
  tx: DbOrTx,
  p: { orderId: string; reversalId: number; now: Date },
): Promise<number> {
  const removed = await tx
    .delete(entitlements)
    .where(
      and(
        eq(entitlements.orderId, p.orderId),
        notExists(
          tx.select({ one: sql`1` }).from(tipRefunds).where(eq(tipRefunds.entitlementId, entitlements.id)),
        ),
      ),
    )
    .returning();
  if (removed.length > 0) {
    await tx.insert(revokedEntitlements).values(
      removed.map((e) => ({
        entitlementId: e.id,
        userId: e.userId,
        buyerEmail: e.buyerEmail,
        tipId: e.tipId,
        orderId: p.orderId,
        source: e.source,
        grantedAt: e.createdAt,
        reversalId: p.reversalId,
        revokedAt: p.now,
      })),
    );
  }
  await tx
    .update(aiSubscriptions)
    .set({ completedAt: p.now })
    .where(and(eq(aiSubscriptions.orderId, p.orderId), isNull(aiSubscriptions.completedAt)));
  return removed.length;
}

export async function setReversalRevokedTips(tx: DbOrTx, reversalId: number, revokedTips: number) {
  await tx.update(orderReversals).set({ revokedTips }).where(eq(orderReversals.id, reversalId));
}

export async function revokedTipIds(tx: DbOrTx, orderId: string): Promise<number[]> {
  const rows = await tx
    .select({ tipId: revokedEntitlements.tipId })
    .from(revokedEntitlements)
    .where(inArray(revokedEntitlements.orderId, [orderId]));
  return rows.map((r) => r.tipId);
}
