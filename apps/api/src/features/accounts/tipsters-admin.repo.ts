import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tipsterStats, tipsters, users } from '../../db/schema';
import { likePattern } from '../../lib/paging';

export type TipsterRow = typeof tipsters.$inferSelect;
export type TipsterFields = Pick<TipsterRow, 'name' | 'category' | 'location' | 'bio'>;
export interface TipsterWithUser {
  tipster: TipsterRow;
  user: { id: number; username: string } | null;
}

const columns = { tipster: tipsters, user: { id: users.id, username: users.username } };

export async function listTipstersForAdmin(
  db: DbOrTx,
  q: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TipsterWithUser[]; total: number }> {
  const where = q
    ? or(ilike(tipsters.name, likePattern(q)), ilike(tipsters.location, likePattern(q)))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(tipsters)
      .leftJoin(users, eq(users.id, tipsters.userId))
      .where(where)
      .orderBy(desc(tipsters.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tipsters).where(where),
  ]);
  return { rows, total };
}

export async function findTipsterWithUser(
  db: DbOrTx,
  tipsterId: number,
): Promise<TipsterWithUser | undefined> {
  const [row] = await db
    .select(columns)
    .from(tipsters)
    .leftJoin(users, eq(users.id, tipsters.userId))
    .where(eq(tipsters.id, tipsterId))
    .limit(1);
  return row;
}

export async function lockTipsterRow(tx: Tx, tipsterId: number): Promise<TipsterRow | undefined> {
  const [row] = await tx.select().from(tipsters).where(eq(tipsters.id, tipsterId)).for('update');
  return row;
}

export async function insertTipster(tx: DbOrTx, fields: TipsterFields, now: Date): Promise<TipsterRow> {
  const [row] = await tx
    .insert(tipsters)
    .values({ ...fields, createdAt: now })
    .returning();
  return row;
}

/**
 * Updates the profile. The statistics rows carry the category (rankings filter on it without a
 * join), so a category change moves the tipster's figures to the new category's rankings too.
 */
export async function updateTipster(
  tx: DbOrTx,
  tipsterId: number,
  fields: TipsterFields,
): Promise<TipsterRow> {
  const [row] = await tx.update(tipsters).set(fields).where(eq(tipsters.id, tipsterId)).returning();
  await tx
    .update(tipsterStats)
    .set({ category: fields.category })
    .where(eq(tipsterStats.tipsterId, tipsterId));
  return row;
}

export async function setTipsterImage(tx: DbOrTx, tipsterId: number, file: string): Promise<TipsterRow> {
  const [row] = await tx
    .update(tipsters)
    .set({ profileImage: file })
    .where(eq(tipsters.id, tipsterId))
    .returning();
  return row;
}
