import { BACKOFFICE_MESSAGES, MESSAGES } from '@tips/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mapRow, preparedSql } from '../../../db/prepared';
import { tips } from '../../../db/schema';
import { conflict, notFound, unprocessable } from '../../../lib/app-error';
import { markTipsterRecordChanged } from '../tipster-record.repo';
import { applyTipResult, refreshLastResults, statsUpsert, type TipsterRow } from '../tipster-stats.repo';
import { type Outcome, resultOfOutcome } from './grading/grade-outcome';

export type TipResult = 'WIN' | 'LOSS' | 'VOID';
export type SettledTip = typeof tips.$inferSelect;

export type SettleTipInput = SettleTipFields &
  ({ result: TipResult; outcome?: Outcome } | { result?: TipResult; outcome: Outcome });

interface SettleTipFields {
  tipId: number;
  resultDetails: string;
  settledBy: number | null;
  now: Date;
  /** When set, a tip whose match kicks off after this instant is refused (422), not settled. */
  kickedOffBy?: Date;
}

/**
 * The outcome to store and the SPEC's result derived from it (decision 047): an outcome alone
 * gives its result, a result alone is its own outcome; both must agree.
 */
export function outcomeAndResult(input: SettleTipInput): { outcome: Outcome; result: TipResult } {
  const outcome = input.outcome ?? (input.result as TipResult);
  const result = resultOfOutcome(outcome);
  if (input.result && input.result !== result) {
    throw new RangeError(`settlement: outcome ${outcome} cannot show as result ${input.result}`);
  }
  return { outcome, result };
}

/** Someone entitled to the tip: an account (its current address) or a visitor (the address they gave). */
export interface TipBuyer {
  userId: number | null;
  email: string | null;
  /** The language of the buyer's emails: the account's, English for a visitor. */
  language: string;
}

/** A settled tip with what its caller needs to tell people, read by the settling statements. */
export interface Settlement {
  tip: SettledTip;
  /** The tipster as it stands after the settlement (last results refreshed). */
  tipster: TipsterRow;
  /** First purchase first. */
  buyers: TipBuyer[];
}

/**
 * The buyers of the tip `tipId` as two arrays, joined to a statement that settles it: whoever
 * settles emails them, and reading them here saves that a round trip.
 */
const withBuyers = (tipId: SQL) => sql`cross join lateral (select
    array_agg(e.user_id order by e.id) as buyer_user_ids,
    array_agg(coalesce(u.email, e.buyer_email) order by e.id) as buyer_emails,
    array_agg(coalesce(u.language, 'en') order by e.id) as buyer_languages
  from entitlements e left join users u on u.id = e.user_id
  where e.tip_id = ${tipId}) as b`;

function buyersOf(row: Record<string, unknown>): TipBuyer[] {
  const ids = (row.buyer_user_ids ?? []) as Array<number | null>;
  const emails = (row.buyer_emails ?? []) as Array<string | null>;
  const languages = (row.buyer_languages ?? []) as string[];
  return ids.map((userId, i) => ({ userId, email: emails[i], language: languages[i] ?? 'en' }));
}

/**
 * The tip, its tipster's aggregates and its buyers in one statement: the aggregates read the tip
 * from the UPDATE that settles it, so a tip another settlement got to first (the UPDATE finds
 * nothing) adds nothing to them. The kick-off check is part of the UPDATE, so a caller need not
 * read the tip first. The tipster's record row (runs, drawdown, series, luck) is only marked changed
 * here; the caller refreshes it after the commit (decision 107).
 */
const settleStatement = preparedSql(
  'settle_tip_marking_record',
  sql`with settled as (
      update tips set result = ${sql.placeholder('result')}, outcome = ${sql.placeholder('outcome')}, result_details = ${sql.placeholder('details')},
        settled_at = ${sql.placeholder('now')}::timestamptz, settled_by = ${sql.placeholder('settledBy')}::int
      where id = ${sql.placeholder('tipId')}::int and result is null
        and event_time <= coalesce(${sql.placeholder('kickedOffBy')}::timestamptz, 'infinity')
      returning *
    ), stats as (
      ${statsUpsert(sql`select s.tipster_id, tp.category, s.event_time, s.odds_hundredths, s.stake, s.result, s.outcome, 1 as sign
        from settled s join tipsters tp on tp.id = s.tipster_id`)}
    ), record_changed as (
      update tipster_records r set changes = r.changes + 1
      from settled s where r.tipster_id = s.tipster_id
    )
    select s.*, b.* from settled s ${withBuyers(sql`s.id`)}`,
);

/**
 * Settles one tip and updates its tipster's aggregates, inside the caller's transaction (the
 * caller adds buyer emails and audit rows to the same transaction, and refreshes the tipster's
 * record row after the commit: refreshTipsterRecordsAfterCommit). A tip is settled once: the
 * conditional update finds nothing when another settlement got there first. Two statements: the
 * tip with its aggregates and buyers, then the tipster's last results (see refreshLastResults for
 * why apart), which also returns the tipster.
 */
async function settleTipWithBuyers(input: SettleTipInput, tx: DbOrTx): Promise<Settlement> {
  const { outcome, result } = outcomeAndResult(input);
  const [row] = await settleStatement(tx, {
    tipId: input.tipId,
    result,
    outcome,
    details: input.resultDetails,
    now: input.now.toISOString(),
    settledBy: input.settledBy,
    kickedOffBy: input.kickedOffBy?.toISOString() ?? null,
  });
  if (!row) {
    // Nothing settled: say why, in the order a caller reading the tip first would have.
    const [existing] = await tx
      .select({ eventTime: tips.eventTime })
      .from(tips)
      .where(eq(tips.id, input.tipId));
    if (!existing) throw notFound(MESSAGES.tipNotFound);
    if (input.kickedOffBy && existing.eventTime > input.kickedOffBy) {
      throw unprocessable(BACKOFFICE_MESSAGES.notKickedOff);
    }
    throw conflict('This tip has already been settled');
  }
  const tip = mapRow(tips, row);
  const tipster = await refreshLastResults(tx, tip.tipsterId);
  return { tip, tipster, buyers: buyersOf(row) };
}

/** settleTipWithBuyers for callers that only need the tip (seeds, tests, benches). */
async function settleTip(input: SettleTipInput, tx: DbOrTx): Promise<SettledTip> {
  return (await settleTipWithBuyers(input, tx)).tip;
}

/** The settled tip to correct, locked, with its buyers. */
const lockSettledStatement = preparedSql(
  'lock_tip_with_buyers',
  sql`select t.*, b.* from tips t ${withBuyers(sql`t.id`)}
    where t.id = ${sql.placeholder('tipId')}::int for update of t`,
);

/**
 * Replaces a wrong settlement: takes the old result out of the aggregates and puts the new one in.
 * The immutability trigger allows it only inside this transaction (app.allow_tip_correction).
 */
async function correctSettlement(
  input: SettleTipInput,
  tx: DbOrTx,
): Promise<Settlement & { before: SettledTip; after: SettledTip }> {
  const [locked] = await lockSettledStatement(tx, { tipId: input.tipId });
  if (!locked) throw notFound(MESSAGES.tipNotFound);
  const before = mapRow(tips, locked);
  if (!before.result) throw conflict('This tip has not been settled yet');
  const { outcome, result } = outcomeAndResult(input);
  await tx.execute(sql`select set_config('app.allow_tip_correction', 'on', true)`);
  const [after] = await tx
    .update(tips)
    .set({
      result,
      outcome,
      resultDetails: input.resultDetails,
      settledAt: input.now,
      settledBy: input.settledBy,
    })
    .where(eq(tips.id, input.tipId))
    .returning();
  await tx.execute(sql`select set_config('app.allow_tip_correction', 'off', true)`);
  // A tip settled before outcomes existed has its result as its outcome (decision 047).
  await applyTipResult(
    tx,
    input.tipId,
    { result: before.result, outcome: before.outcome ?? before.result },
    -1,
  );
  await applyTipResult(tx, input.tipId, { result, outcome }, 1);
  const tipster = await refreshLastResults(tx, before.tipsterId);
  await markTipsterRecordChanged(tx, before.tipsterId);
  return { before, after, tip: after, tipster, buyers: buyersOf(locked) };
}

/**
 * The settling writes, bound to the database or to a transaction (docs/architecture.md, "Wiring a
 * service"): the transaction comes last and defaults to what the repository is bound to. A
 * correction must run in a transaction (its trigger switch is transaction-local).
 */
export function createSettleTipRepo(db: DbOrTx) {
  return {
    settleTipWithBuyers: (input: SettleTipInput, tx: DbOrTx = db) => settleTipWithBuyers(input, tx),
    settleTip: (input: SettleTipInput, tx: DbOrTx = db) => settleTip(input, tx),
    correctSettlement: (input: SettleTipInput, tx: DbOrTx = db) => correctSettlement(input, tx),
  };
}

export type SettleTipRepo = ReturnType<typeof createSettleTipRepo>;
