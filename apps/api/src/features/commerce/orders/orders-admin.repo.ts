import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { aiPlans, orderItems, orders, tips, users } from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderItemRow {
  orderId: string;
  tipId: number | null;
  aiPlanId: number | null;
  priceCents: number;
  homeTeam: string | null;
  awayTeam: string | null;
  planName: string | null;
}

export interface OrderWithDetails {
  order: OrderRow;
  user: { id: number; username: string; email: string } | null;
  items: OrderItemRow[];
}

export interface OrderFilter {
  status?: OrderRow['status'];
  type?: OrderRow['type'];
  userId?: number;
}

function whereOf(filter: OrderFilter): SQL | undefined {
  return and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.type ? eq(orders.type, filter.type) : undefined,
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
  );
}

/** Pending requests oldest first (the queue an admin works through); other statuses newest first. */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderWithDetails[]; total: number }> {
  const where = whereOf(filter);
  const order = filter.status === 'PENDING' ? asc(orders.createdAt) : desc(orders.createdAt);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ order: orders, userId: users.id, username: users.username, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(order, asc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const items = await listItems(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    rows: rows.map((r) => ({
      order: r.order,
      user: r.userId !== null ? { id: r.userId, username: r.username ?? '', email: r.email ?? '' } : null,
      items: items.filter((item) => item.orderId === r.order.id),
    })),
    total,
  };
}

export async function findOrderWithDetails(
  db: DbOrTx,
  orderId: string,
): Promise<OrderWithDetails | undefined> {
  const [row] = await db
    .select({ order: orders, userId: users.id, username: users.username, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return undefined;
  return {
    order: row.order,
    user:
      row.userId !== null ? { id: row.userId, username: row.username ?? '', email: row.email ?? '' } : null,
    items: await listItems(db, [orderId]),
  };
}

async function listItems(db: DbOrTx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      tipId: orderItems.tipId,
      aiPlanId: orderItems.aiPlanId,
      priceCents: orderItems.priceCents,
      homeTeam: tips.homeTeam,
      awayTeam: tips.awayTeam,
      planName: aiPlans.name,
    })
    .from(orderItems)
    .leftJoin(tips, eq(tips.id, orderItems.tipId))
    .leftJoin(aiPlans, eq(aiPlans.id, orderItems.aiPlanId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

/** Locks the order row: two admins deciding the same request at once take turns. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}
