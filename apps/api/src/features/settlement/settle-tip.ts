import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mapRow, preparedSql } from '../../db/prepared';
import { tips } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { applyTipResult, refreshLastResults, statsUpsert } from './tipster-stats.repo';

export type TipResult = 'WIN' | 'LOSS' | 'VOID';
export type SettledTip = typeof tips.$inferSelect;

export interface SettleTipInput {
  tipId: number;
  result: TipResult;
  resultDetails: string;
  settledBy: number | null;
  now: Date;
}

/**
 * The tip and its tipster's aggregates in one statement: the aggregates read the tip from the
 * UPDATE that settles it, so a tip another settlement got to first (the UPDATE finds nothing)
 * adds nothing to them.
 */
const settleStatement = preparedSql(
  'settle_tip',
  sql`with settled as (
      update tips set result = ${sql.placeholder('result')}, result_details = ${sql.placeholder('details')},
        settled_at = ${sql.placeholder('now')}::timestamptz, settled_by = ${sql.placeholder('settledBy')}::int
      where id = ${sql.placeholder('tipId')}::int and result is null
      returning *
    ), stats as (
      ${statsUpsert(sql`select s.tipster_id, tp.category, s.event_time, s.odds_hundredths, s.result, 1 as sign
        from settled s join tipsters tp on tp.id = s.tipster_id`)}
    )
    select * from settled`,
);

/**
 * Settles one tip and updates its tipster's aggregates, inside the caller's transaction (the
 * caller adds buyer emails and audit rows to the same transaction). A tip is settled once: the
 * conditional update finds nothing when another settlement got there first. Two statements: the
 * tip with its aggregates, then the tipster's last results (see refreshLastResults for why apart).
 */
export async function settleTipInTx(tx: Tx, input: SettleTipInput): Promise<SettledTip> {
  const [row] = await settleStatement(tx, {
    tipId: input.tipId,
    result: input.result,
    details: input.resultDetails,
    now: input.now.toISOString(),
    settledBy: input.settledBy,
  });
  if (!row) {
    const [existing] = await tx.select({ id: tips.id }).from(tips).where(eq(tips.id, input.tipId));
    if (!existing) throw notFound('Tip not found');
    throw conflict('This tip has already been settled');
  }
  const settled = mapRow(tips, row);
  await refreshLastResults(tx, settled.tipsterId);
  return settled;
}

/**
 * Replaces a wrong settlement: takes the old result out of the aggregates and puts the new one in.
 * The immutability trigger allows it only inside this transaction (app.allow_tip_correction).
 */
export async function correctSettlementInTx(
  tx: Tx,
  input: SettleTipInput,
): Promise<{ before: SettledTip; after: SettledTip }> {
  const [before] = await tx.select().from(tips).where(eq(tips.id, input.tipId)).for('update');
  if (!before) throw notFound('Tip not found');
  if (!before.result) throw conflict('This tip has not been settled yet');
  await tx.execute(sql`select set_config('app.allow_tip_correction', 'on', true)`);
  const [after] = await tx
    .update(tips)
    .set({
      result: input.result,
      resultDetails: input.resultDetails,
      settledAt: input.now,
      settledBy: input.settledBy,
    })
    .where(eq(tips.id, input.tipId))
    .returning();
  await tx.execute(sql`select set_config('app.allow_tip_correction', 'off', true)`);
  await applyTipResult(tx, input.tipId, before.result, -1);
  await applyTipResult(tx, input.tipId, input.result, 1);
  await refreshLastResults(tx, before.tipsterId);
  return { before, after };
}
