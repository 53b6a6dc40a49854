import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tips, tipsters } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { applyStatsDelta, refreshLastResults } from './tipster-stats.repo';

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
 * Settles one tip and updates its tipster's aggregates, inside the caller's transaction (the
 * caller adds buyer emails and audit rows to the same transaction). A tip is settled once: the
 * conditional update finds nothing when another settlement got there first.
 */
export async function settleTipInTx(tx: Tx, input: SettleTipInput): Promise<SettledTip> {
  const [settled] = await tx
    .update(tips)
    .set({
      result: input.result,
      resultDetails: input.resultDetails,
      settledAt: input.now,
      settledBy: input.settledBy,
    })
    .where(and(eq(tips.id, input.tipId), isNull(tips.result)))
    .returning();
  if (!settled) {
    const [existing] = await tx.select({ id: tips.id }).from(tips).where(eq(tips.id, input.tipId));
    if (!existing) throw notFound('Tip not found');
    throw conflict('This tip has already been settled');
  }
  await applyToTipster(tx, settled, input.result, 1);
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
  await applyToTipster(tx, before, before.result, -1);
  await applyToTipster(tx, after, input.result, 1);
  return { before, after };
}

async function applyToTipster(tx: Tx, tip: SettledTip, result: TipResult, sign: 1 | -1) {
  const [tipster] = await tx
    .select({ category: tipsters.category })
    .from(tipsters)
    .where(eq(tipsters.id, tip.tipsterId));
  await applyStatsDelta(tx, {
    tipsterId: tip.tipsterId,
    category: tipster.category,
    eventTime: tip.eventTime,
    oddsHundredths: tip.oddsHundredths,
    result,
    sign,
  });
  await refreshLastResults(tx, tip.tipsterId);
}
