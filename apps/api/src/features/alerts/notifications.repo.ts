import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tipNotifications, tips, tipsters } from '../../db/schema';

// No selection column here: the bell tells of a new tip, it does not give it away.
const notificationColumns = {
  id: tipNotifications.id,
  tipId: tipNotifications.tipId,
  tipsterId: tipNotifications.tipsterId,
  tipsterName: tipsters.name,
  homeTeam: tips.homeTeam,
  awayTeam: tips.awayTeam,
  league: tips.league,
  bettingType: tips.bettingType,
  eventTime: tips.eventTime,
  oddsHundredths: tips.oddsHundredths,
  priceCents: tips.priceCents,
  createdAt: tipNotifications.createdAt,
  readAt: tipNotifications.readAt,
};

/** A user's notifications, newest first, with the total for paging. */
export async function listNotifications(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const where = eq(tipNotifications.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(notificationColumns)
      .from(tipNotifications)
      .innerJoin(tips, eq(tips.id, tipNotifications.tipId))
      .innerJoin(tipsters, eq(tipsters.id, tipNotifications.tipsterId))
      .where(where)
      .orderBy(desc(tipNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tipNotifications).where(where),
  ]);
  return { rows, total };
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(tipNotifications)
    .where(and(eq(tipNotifications.userId, userId), isNull(tipNotifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the user's own notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(tipNotifications)
    .set({ readAt: sql`coalesce(${tipNotifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(tipNotifications.id, id), eq(tipNotifications.userId, userId)))
    .returning({ id: tipNotifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(tipNotifications)
    .set({ readAt: now })
    .where(and(eq(tipNotifications.userId, userId), isNull(tipNotifications.readAt)));
}
