import type { SpendingPeriod, StoredLimit } from '@tips/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { purchaseBlocks, spendingLimits } from '../../db/schema';

export type BlockKind = 'TIME_OUT' | 'SELF_EXCLUSION';
export interface BlockRow {
  kind: BlockKind;
  startedAt: Date;
  endsAt: Date;
}

/** The user's stored limit for `period`, locked until the caller's transaction ends. */
export async function lockLimit(tx: DbOrTx, userId: number, period: SpendingPeriod): Promise<StoredLimit> {
  const [row] = await tx
    .select({
      limitCents: spendingLimits.limitCents,
      pendingLimitCents: spendingLimits.pendingLimitCents,
      pendingFrom: spendingLimits.pendingFrom,
    })
    .from(spendingLimits)
    .where(and(eq(spendingLimits.userId, userId), eq(spendingLimits.period, period)))
    .for('update');
  return row ?? { limitCents: null, pendingLimitCents: null, pendingFrom: null };
}

export async function saveLimit(
  tx: DbOrTx,
  userId: number,
  period: SpendingPeriod,
  limit: StoredLimit,
  now: Date,
): Promise<void> {
  const values = { ...limit, updatedAt: now };
  await tx
    .insert(spendingLimits)
    .values({ userId, period, ...values })
    .onConflictDoUpdate({ target: [spendingLimits.userId, spendingLimits.period], set: values });
}

/** The active time-out or self-exclusion, if any. */
export async function findActiveBlock(db: DbOrTx, userId: number, now: Date): Promise<BlockRow | undefined> {
  const [row] = await db
    .select({ kind: purchaseBlocks.kind, startedAt: purchaseBlocks.startedAt, endsAt: purchaseBlocks.endsAt })
    .from(purchaseBlocks)
    .where(and(eq(purchaseBlocks.userId, userId), gt(purchaseBlocks.endsAt, now)));
  return row;
}

/**
 * Starts a block, or lengthens the active one. Never shortens: the conditional upsert replaces the
 * row only when the old block has ended, or when the new one ends no earlier and is not a time-out
 * over a self-exclusion. Returns false when refused.
 */
export async function startBlock(db: DbOrTx, userId: number, block: BlockRow): Promise<boolean> {
  const rows = await db
    .insert(purchaseBlocks)
    .values({ userId, ...block })
    .onConflictDoUpdate({
      target: purchaseBlocks.userId,
      set: { kind: block.kind, startedAt: block.startedAt, endsAt: block.endsAt },
      setWhere: sql`${purchaseBlocks.endsAt} <= ${block.startedAt}
        or (${purchaseBlocks.endsAt} <= ${block.endsAt}
          and not (${purchaseBlocks.kind} = 'SELF_EXCLUSION' and ${block.kind} = 'TIME_OUT'))`,
    })
    .returning({ userId: purchaseBlocks.userId });
  return rows.length > 0;
}
