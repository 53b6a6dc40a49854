import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import { type ledgerEntries, users } from '../../../db/schema';
import { unprocessable } from '../../../lib/app-error';
import { COMMERCE_MESSAGES } from '../commerce-messages';

/**
 * The credits ledger (ARCHITECTURE "Data"): an append-only list of signed entries and a cached
 * balance on the user row that changes only here, in the caller's transaction, together with the
 * entry. Invariant: users.credit_balance = sum(ledger_entries.amount_cents) per user.
 */

export type LedgerReason = (typeof ledgerEntries.$inferInsert)['reason'];

export interface LedgerPosting {
  userId: number;
  /** Positive, in hundredths of a credit. */
  amountCents: number;
  reason: LedgerReason;
  /** What the entry is about, e.g. the order id. */
  reference: string;
  /** The same key twice posts once: a replayed grant changes nothing. */
  idempotencyKey: string;
  note?: string;
  createdBy?: number | null;
  now: Date;
}

export interface PostingResult {
  /** False when an entry with this idempotency key already existed (nothing changed). */
  applied: boolean;
  balanceCents: number;
}

function assertPositive(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`ledger amounts are positive integer cents, got ${amountCents}`);
  }
}

/**
 * A posting as two CTEs, `entry` and `moved`, so the entry and the balance move in one statement
 * (or inside a larger one: a credit sale records its order and its debit together). The guarded
 * UPDATE is the ledger's rule: the balance moves only with a new entry (a replayed idempotency key
 * inserts nothing, so nothing moves) and only while it stays ≥ 0, evaluated on the row's latest
 * version, so concurrent debits can never overdraw whatever the isolation level (the CHECK
 * constraint backs it up). Its placeholders are filled by `postingValues` (`debitValues` for a sale).
 */
export const postingCtes = sql`entry as (
    insert into ledger_entries (user_id, amount_cents, reason, reference, idempotency_key, note, created_by, created_at)
    values (${sql.placeholder('userId')}::int, ${sql.placeholder('amount')}::bigint, ${sql.placeholder('reason')}::text,
      ${sql.placeholder('reference')}::text, ${sql.placeholder('key')}::text, ${sql.placeholder('note')}::text,
      ${sql.placeholder('createdBy')}::int, ${sql.placeholder('now')}::timestamptz)
    on conflict (idempotency_key) do nothing
    returning user_id, amount_cents
  ), moved as (
    update users set credit_balance = users.credit_balance + entry.amount_cents
    from entry
    where users.id = entry.user_id and users.credit_balance + entry.amount_cents >= 0
    returning users.credit_balance
  )`;

/** What a statement with `postingCtes` selects, for `postingOutcome`. */
export const postingColumns = sql`(select count(*) from entry)::int as applied,
  (select credit_balance from moved) as moved,
  (select credit_balance from users where id = ${sql.placeholder('userId')}::int) as balance`;

export interface PostingRow {
  applied: number;
  moved: string | number | null;
  balance: string | number | null;
}

function postingValues(p: LedgerPosting, signedAmount: number) {
  return {
    userId: p.userId,
    amount: signedAmount,
    reason: p.reason,
    reference: p.reference,
    key: p.idempotencyKey,
    note: p.note ?? null,
    createdBy: p.createdBy ?? null,
    now: p.now.toISOString(),
  };
}

/**
 * applied false: the key was posted before, nothing moved, `balanceCents` is the balance as it
 * stands. applied without moved: the guard refused it (a debit larger than the balance).
 */
function postingOutcome(row: PostingRow) {
  if (row.applied === 0) return { applied: false, moved: false, balanceCents: Number(row.balance ?? 0) };
  if (row.moved === null) return { applied: true, moved: false, balanceCents: Number(row.balance ?? 0) };
  return { applied: true, moved: true, balanceCents: Number(row.moved) };
}

const postEntry = preparedSql<PostingRow>('ledger_post', sql`with ${postingCtes} select ${postingColumns}`);

async function post(tx: DbOrTx, p: LedgerPosting, signedAmount: number) {
  const [row] = await postEntry(tx, postingValues(p, signedAmount));
  return postingOutcome(row);
}

export async function balanceOf(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Adds credits. Must run inside the transaction of the event that earns them. */
export async function creditAccount(tx: DbOrTx, p: LedgerPosting): Promise<PostingResult> {
  assertPositive(p.amountCents);
  const posted = await post(tx, p, p.amountCents);
  if (posted.applied && !posted.moved) throw new Error(`ledger: user ${p.userId} does not exist`);
  return { applied: posted.applied, balanceCents: posted.balanceCents };
}

/** The placeholder values of a debit of `p.amountCents`, for `postingCtes`. */
export function debitValues(p: LedgerPosting) {
  assertPositive(p.amountCents);
  return postingValues(p, -p.amountCents);
}

/** A debit's outcome, or 'Not enough credits.' when the guard refused it. */
export function debitOutcome(row: PostingRow): PostingResult {
  const posted = postingOutcome(row);
  if (posted.applied && !posted.moved) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);
  return { applied: posted.applied, balanceCents: posted.balanceCents };
}

/**
 * Takes credits, or throws 'Not enough credits.' (the caller's transaction then rolls back,
 * entry included).
 */
export async function debitAccount(tx: DbOrTx, p: LedgerPosting): Promise<PostingResult> {
  const [row] = await postEntry(tx, debitValues(p));
  return debitOutcome(row);
}

/**
 * The ledger as the money services take it (docs/architecture.md, "Wiring a service"): bound to
 * the database, the transaction last. The tx-first functions above stay for the writers this
 * change did not touch (webhooks, admin adjustments); they are the same statements.
 */
export function createLedgerRepo(db: DbOrTx) {
  return {
    balanceOf: (userId: number, tx: DbOrTx = db) => balanceOf(tx, userId),
    /** Adds credits; must run inside the transaction of the event that earns them. */
    creditAccount: (posting: LedgerPosting, tx: DbOrTx = db) => creditAccount(tx, posting),
  };
}
