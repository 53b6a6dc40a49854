import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tipsters } from '../../db/schema';

export type TipsterRow = typeof tipsters.$inferSelect;
export type NewApplicantTipster = Pick<
  typeof tipsters.$inferInsert,
  'userId' | 'name' | 'category' | 'location' | 'bio' | 'markets' | 'charterAcceptedAt' | 'createdAt'
>;

export async function findTipsterIdOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: tipsters.id })
    .from(tipsters)
    .where(eq(tipsters.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** Any tipster, house or applicant, already shown under this name (case-insensitive). */
export async function isTipsterNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tipsters.id })
    .from(tipsters)
    .where(sql`lower(${tipsters.name}) = lower(${name})`)
    .limit(1);
  return row !== undefined;
}

export async function insertApplicantTipster(tx: Tx, values: NewApplicantTipster): Promise<TipsterRow> {
  const [row] = await tx.insert(tipsters).values(values).returning();
  return row;
}
