import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Open messages oldest first (a queue); handled ones and 'all' newest first. */
export async function listContactMessages(
  db: DbOrTx,
  status: 'open' | 'handled' | 'all',
  page: { limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where: SQL | undefined =
    status === 'open'
      ? isNull(contactMessages.handledAt)
      : status === 'handled'
        ? isNotNull(contactMessages.handledAt)
        : undefined;
  const order = status === 'open' ? asc(contactMessages.createdAt) : desc(contactMessages.createdAt);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(order, asc(contactMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total };
}

export async function findContactMessage(db: DbOrTx, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Marks the message handled unless someone already did (null then). */
export async function markContactMessageHandled(
  db: DbOrTx,
  id: number,
  handledBy: number,
  now: Date,
): Promise<ContactMessageRow | null> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: now, handledBy })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning();
  return row ?? null;
}
