import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sandboxPaypalPayouts } from '../../../db/schema';

/** The Payouts emulator's batches (sandbox-local mode only), one per sender_batch_id. */

export type SandboxPayoutRow = typeof sandboxPaypalPayouts.$inferSelect;

/** Stores a new batch; undefined when the sender_batch_id was used before (nothing stored). */
export async function insertSandboxPayout(
  db: DbOrTx,
  row: typeof sandboxPaypalPayouts.$inferInsert,
): Promise<SandboxPayoutRow | undefined> {
  const [inserted] = await db.insert(sandboxPaypalPayouts).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSandboxPayout(
  db: DbOrTx,
  by: { senderBatchId?: string; batchId?: string; itemId?: string },
): Promise<SandboxPayoutRow | undefined> {
  const where = by.senderBatchId
    ? eq(sandboxPaypalPayouts.senderBatchId, by.senderBatchId)
    : by.batchId
      ? eq(sandboxPaypalPayouts.batchId, by.batchId)
      : eq(sandboxPaypalPayouts.itemId, by.itemId ?? '');
  const [row] = await db.select().from(sandboxPaypalPayouts).where(where);
  return row;
}
