import { canTransitionOrder, type OrderStatus } from '@tips/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { mapRow } from '../../../db/prepared';
import { orderItems, orders } from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export interface NewOrderItem {
  tipId: number | null;
  aiPlanId: number | null;
  priceCents: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrderId(value: string): boolean {
  return UUID.test(value);
}

/**
 * The orders and their lines, bound to the database (docs/architecture.md, "Wiring a service"):
 * each function takes its arguments, then an optional transaction (absent: the database).
 */
export function createOrdersRepo(db: Db) {
  /**
   * Inserts an order and its lines in one statement (the lines from arrays, so a cart of any size
   * is one round trip); `createdAt`/`updatedAt` come from the caller's clock.
   */
  async function insertOrder(
    order: NewOrder,
    items: NewOrderItem[] = [],
    tx: DbOrTx = db,
  ): Promise<OrderRow> {
    if (items.length === 0) {
      const [row] = await tx.insert(orders).values(order).returning();
      return row;
    }
    const result = (await tx.execute(sql`
      with o as (${tx.insert(orders).values(order).returning().getSQL()}),
      items as (
        insert into order_items (order_id, tip_id, ai_plan_id, price_cents)
        select o.id, i.tip_id, i.ai_plan_id, i.price_cents
        from o, unnest(${sql.param(items.map((i) => i.tipId))}::int[],
          ${sql.param(items.map((i) => i.aiPlanId))}::int[],
          ${sql.param(items.map((i) => i.priceCents))}::int[]) as i(tip_id, ai_plan_id, price_cents)
      )
      select * from o`)) as unknown as { rows: Array<Record<string, unknown>> };
    return mapRow(orders, result.rows[0]);
  }

  async function findOrderById(id: string, tx: DbOrTx = db): Promise<OrderRow | undefined> {
    if (!isOrderId(id)) return undefined;
    const [row] = await tx.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  async function findOrderByProviderId(
    providerOrderId: string,
    tx: DbOrTx = db,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    return row;
  }

  async function findOrderItems(orderId: string, tx: DbOrTx = db): Promise<OrderItemRow[]> {
    return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  }

  async function setProviderOrderId(id: string, providerOrderId: string, now: Date, tx: DbOrTx = db) {
    await tx.update(orders).set({ providerOrderId, updatedAt: now }).where(eq(orders.id, id));
  }

  /**
   * The status machine's only writer: moves the order to `to` if, and only if, it is still in one
   * of `from` (re-checked by the database, so of two concurrent callers exactly one wins). Returns
   * the updated row, or undefined when someone else moved it first.
   */
  async function transitionOrder(
    id: string,
    move: { from: readonly OrderStatus[]; to: OrderStatus; patch: Partial<NewOrder> & { updatedAt: Date } },
    tx: DbOrTx = db,
  ): Promise<OrderRow | undefined> {
    for (const status of move.from) {
      if (!canTransitionOrder(status, move.to))
        throw new Error(`order status ${status} → ${move.to} is not allowed`);
    }
    const [row] = await tx
      .update(orders)
      .set({ ...move.patch, status: move.to })
      .where(and(eq(orders.id, id), inArray(orders.status, [...move.from])))
      .returning();
    return row;
  }

  /** An order that will not complete (refused, abandoned, mismatched): nothing was or will be granted. */
  async function failOpenOrder(id: string, reason: string, now: Date, tx: DbOrTx = db) {
    return transitionOrder(
      id,
      { from: ['CREATED', 'APPROVED'], to: 'FAILED', patch: { rejectionReason: reason, updatedAt: now } },
      tx,
    );
  }

  /**
   * Claims PayPal orders nobody has looked at since `staleBefore` (the browser may have gone away
   * after approving). SKIP LOCKED lets several processes share the work; bumping updated_at is the
   * lease, so a claimed order is not claimed again until it is stale once more.
   */
  async function claimStalePaypalOrders(now: Date, staleBefore: Date, limit: number) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.provider, 'paypal'),
            inArray(orders.status, ['CREATED', 'APPROVED']),
            lte(orders.updatedAt, staleBefore),
          ),
        )
        .orderBy(asc(orders.updatedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(orders)
        .set({ updatedAt: now })
        .where(
          inArray(
            orders.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  return {
    insertOrder,
    findOrderById,
    findOrderByProviderId,
    findOrderItems,
    setProviderOrderId,
    transitionOrder,
    failOpenOrder,
    claimStalePaypalOrders,
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
