import { and, arrayContains, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerEntries, tipsters, users } from '../../db/schema';
import { likePattern } from '../../lib/paging';

export type UserRow = typeof users.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export interface UserWithTipster {
  user: UserRow;
  tipster: { id: number; name: string } | null;
}

const userWithTipsterColumns = { user: users, tipster: { id: tipsters.id, name: tipsters.name } };

export async function searchUsers(
  db: DbOrTx,
  filter: { q: string; role?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: UserWithTipster[]; total: number }> {
  const pattern = likePattern(filter.q);
  const where = and(
    filter.q
      ? or(
          ilike(users.username, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    filter.role ? arrayContains(users.roles, [filter.role]) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(userWithTipsterColumns)
      .from(users)
      .leftJoin(tipsters, eq(tipsters.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

export async function findUserWithTipster(db: DbOrTx, userId: number): Promise<UserWithTipster | undefined> {
  const [row] = await db
    .select(userWithTipsterColumns)
    .from(users)
    .leftJoin(tipsters, eq(tipsters.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Locks the user row so that concurrent admin changes to it apply one after the other. */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function setUserRoles(tx: DbOrTx, userId: number, roles: string[], now: Date): Promise<UserRow> {
  const [row] = await tx.update(users).set({ roles, updatedAt: now }).where(eq(users.id, userId)).returning();
  return row;
}

export async function lockTipster(tx: Tx, tipsterId: number) {
  const [row] = await tx.select().from(tipsters).where(eq(tipsters.id, tipsterId)).for('update');
  return row;
}

export async function findTipsterIdOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: tipsters.id })
    .from(tipsters)
    .where(eq(tipsters.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

export async function setTipsterUser(tx: DbOrTx, tipsterId: number, userId: number | null): Promise<void> {
  await tx.update(tipsters).set({ userId }).where(eq(tipsters.id, tipsterId));
}

export async function listLedger(db: DbOrTx, userId: number, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

export async function sumLedger(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row.total);
}

export interface NewLedgerEntry {
  userId: number;
  amountCents: number;
  idempotencyKey: string;
  note: string;
  createdBy: number;
  createdAt: Date;
}

/** Inserts the entry, or returns null when its idempotency key was already used. */
export async function insertAdjustmentEntry(tx: DbOrTx, entry: NewLedgerEntry): Promise<LedgerRow | null> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ ...entry, reason: 'admin_adjustment' })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  return row ?? null;
}

export async function findLedgerEntryByKey(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Moves the cached balance by `deltaCents` unless that would take it below zero (the conditional
 * update of ARCHITECTURE › Data); null when refused.
 */
export async function applyBalanceDelta(tx: DbOrTx, userId: number, deltaCents: number, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${deltaCents}`, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.creditBalance} + ${deltaCents} >= 0`))
    .returning({ creditBalance: users.creditBalance });
  return row ?? null;
}
