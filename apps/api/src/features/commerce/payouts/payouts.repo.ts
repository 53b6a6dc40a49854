import type { PayoutStatus } from '@tips/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { earningsEntries, payoutAccounts, payouts, tipsters, users } from '../../../db/schema';

/**
 * Payouts and payout accounts (decision 171). A payout's amount leaves the tipster's available
 * earnings in the transaction that requests it (an entry keyed `payout:<id>`), under a lock on the
 * tipster's row, and comes back at most once (`payout:<id>:restored`) when PayPal says it failed or
 * returned. Status changes are conditional updates of the status they expect, so a replayed or
 * concurrent webhook changes nothing the second time.
 */

export type PayoutRow = typeof payouts.$inferSelect;

export interface TipsterAccount {
  tipsterId: number;
  tipsterName: string;
  userId: number;
  email: string;
  firstName: string | null;
  language: string;
  emailVerified: boolean;
}

const accountColumns = {
  tipsterId: tipsters.id,
  tipsterName: tipsters.name,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  emailVerified: users.emailVerified,
};

export function createPayoutsRepo(db: DbOrTx) {
  /** The tipster profile of an account, with what payouts need of the account. */
  async function tipsterOfUser(userId: number, tx: DbOrTx = db): Promise<TipsterAccount | undefined> {
    const [row] = await tx
      .select(accountColumns)
      .from(tipsters)
      .innerJoin(users, eq(users.id, tipsters.userId))
      .where(eq(tipsters.userId, userId));
    return row as TipsterAccount | undefined;
  }

  /** Locks the tipster's row until the transaction ends: one tipster's payout requests queue up. */
  async function lockTipster(tipsterId: number, tx: DbOrTx): Promise<void> {
    await tx.select({ id: tipsters.id }).from(tipsters).where(eq(tipsters.id, tipsterId)).for('update');
  }

  async function payoutAccountOf(tipsterId: number, tx: DbOrTx = db): Promise<string | null> {
    const [row] = await tx
      .select({ email: payoutAccounts.paypalEmail })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.tipsterId, tipsterId));
    return row?.email ?? null;
  }

  async function setPayoutAccount(tipsterId: number, paypalEmail: string, now: Date, tx: DbOrTx = db) {
    await tx
      .insert(payoutAccounts)
      .values({ tipsterId, paypalEmail, updatedAt: now })
      .onConflictDoUpdate({ target: payoutAccounts.tipsterId, set: { paypalEmail, updatedAt: now } });
  }

  /** The payout row and the entry that takes its amount out of the tipster's earnings. */
  async function insertPayout(
    p: {
      tipsterId: number;
      amountCents: number;
      receiver: string;
      senderBatchId: string;
      requestedBy: number;
      now: Date;
    },
    tx: DbOrTx,
  ): Promise<PayoutRow> {
    const [payout] = await tx
      .insert(payouts)
      .values({
        tipsterId: p.tipsterId,
        amountCents: p.amountCents,
        receiver: p.receiver,
        senderBatchId: p.senderBatchId,
        requestedBy: p.requestedBy,
        nextAttemptAt: p.now,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning();
    await tx.insert(earningsEntries).values({
      tipsterId: p.tipsterId,
      kind: 'payout',
      tipsterCents: -p.amountCents,
      platformCents: 0,
      refundCents: 0,
      payoutId: payout.id,
      idempotencyKey: `payout:${payout.id}`,
      createdAt: p.now,
    });
    return payout;
  }

  /** Gives a failed or returned payout's amount back, once (the key); true when it did now. */
  async function restorePayout(payout: PayoutRow, now: Date, tx: DbOrTx): Promise<boolean> {
    const restored = await tx
      .insert(earningsEntries)
      .values({
        tipsterId: payout.tipsterId,
        kind: 'payout_restored',
        tipsterCents: payout.amountCents,
        platformCents: 0,
        refundCents: 0,
        payoutId: payout.id,
        idempotencyKey: `payout:${payout.id}:restored`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: earningsEntries.id });
    return restored.length > 0;
  }

  async function listPayouts(
    filter: { tipsterId?: number; status?: PayoutStatus; limit: number; offset: number },
    tx: DbOrTx = db,
  ) {
    const where = and(
      filter.tipsterId !== undefined ? eq(payouts.tipsterId, filter.tipsterId) : undefined,
      filter.status ? eq(payouts.status, filter.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select({ payout: payouts, tipsterName: tipsters.name })
        .from(payouts)
        .innerJoin(tipsters, eq(tipsters.id, payouts.tipsterId))
        .where(where)
        .orderBy(desc(payouts.id))
        .limit(filter.limit)
        .offset(filter.offset),
      tx.select({ total: count() }).from(payouts).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async function findPayout(id: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select({ payout: payouts, tipsterName: tipsters.name })
      .from(payouts)
      .innerJoin(tipsters, eq(tipsters.id, payouts.tipsterId))
      .where(eq(payouts.id, id));
    return row;
  }

  /** Locks a payout found by our sender ids or PayPal's ids, for a webhook. */
  async function lockPayoutFor(
    ids: { senderBatchId: string | null; payoutId: number | null; providerBatchId: string | null },
    tx: DbOrTx,
  ): Promise<PayoutRow | undefined> {
    const conditions = [
      ids.payoutId !== null ? eq(payouts.id, ids.payoutId) : undefined,
      ids.senderBatchId ? eq(payouts.senderBatchId, ids.senderBatchId) : undefined,
      ids.providerBatchId ? eq(payouts.providerBatchId, ids.providerBatchId) : undefined,
    ].filter((c) => c !== undefined);
    if (conditions.length === 0) return undefined;
    const [row] = await tx
      .select()
      .from(payouts)
      .where(sql.join(conditions, sql` or `))
      .limit(1)
      .for('update');
    return row;
  }

  /** Moves a payout from one of `from` to `to`; false when it was not in `from` (nothing changed). */
  async function moveStatus(
    id: number,
    from: readonly PayoutStatus[],
    set: Partial<typeof payouts.$inferInsert> & { status: PayoutStatus; updatedAt: Date },
    tx: DbOrTx = db,
  ): Promise<PayoutRow | undefined> {
    const [row] = await tx
      .update(payouts)
      .set(set)
      .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
      .returning();
    return row;
  }

  /** Due REQUESTED payouts, claimed with a lease so several processes share the sending. */
  async function claimDuePayouts(now: Date, leaseUntil: Date, limit: number, tx: DbOrTx = db) {
    const result = (await tx.execute(sql`
      update payouts set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1,
        updated_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from payouts
        where status = 'REQUESTED' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id limit ${limit}
        for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    if (result.rows.length === 0) return [];
    return tx
      .select()
      .from(payouts)
      .where(
        inArray(
          payouts.id,
          result.rows.map((r) => Number(r.id)),
        ),
      );
  }

  async function retryLater(id: number, next: Date, error: string, now: Date, tx: DbOrTx = db) {
    await tx
      .update(payouts)
      .set({ nextAttemptAt: next, lastError: error.slice(0, 500), updatedAt: now })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'REQUESTED')));
  }

  /** The account behind a payout's tipster, for its emails. */
  async function contactOfTipster(tipsterId: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select(accountColumns)
      .from(tipsters)
      .innerJoin(users, eq(users.id, tipsters.userId))
      .where(eq(tipsters.id, tipsterId));
    return row as TipsterAccount | undefined;
  }

  return {
    tipsterOfUser,
    lockTipster,
    payoutAccountOf,
    setPayoutAccount,
    insertPayout,
    restorePayout,
    listPayouts,
    findPayout,
    lockPayoutFor,
    moveStatus,
    claimDuePayouts,
    retryLater,
    contactOfTipster,
  };
}

export type PayoutsRepo = ReturnType<typeof createPayoutsRepo>;
