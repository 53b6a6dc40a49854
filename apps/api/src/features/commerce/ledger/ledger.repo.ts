import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { ledgerEntries, users } from '../../../db/schema';
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

async function insertEntry(tx: DbOrTx, p: LedgerPosting, signedAmount: number): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      userId: p.userId,
      amountCents: signedAmount,
      reason: p.reason,
      reference: p.reference,
      idempotencyKey: p.idempotencyKey,
      note: p.note ?? null,
      createdBy: p.createdBy ?? null,
      createdAt: p.now,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return inserted.length === 1;
}

export async function balanceOf(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Adds credits. Must run inside the transaction of the event that earns them. */
export async function creditAccount(tx: DbOrTx, p: LedgerPosting): Promise<PostingResult> {
  assertPositive(p.amountCents);
  if (!(await insertEntry(tx, p, p.amountCents)))
    return { applied: false, balanceCents: await balanceOf(tx, p.userId) };
  const [row] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${p.amountCents}` })
    .where(eq(users.id, p.userId))
    .returning({ balance: users.creditBalance });
  if (!row) throw new Error(`ledger: user ${p.userId} does not exist`);
  return { applied: true, balanceCents: row.balance };
}

/**
 * Takes credits, or throws 'Not enough credits.' (the caller's transaction then rolls back,
 * entry included). The conditional update is the guard: concurrent debits can never take the
 * balance below zero, whatever the isolation level, and the CHECK constraint backs it up.
 */
export async function debitAccount(tx: DbOrTx, p: LedgerPosting): Promise<PostingResult> {
  assertPositive(p.amountCents);
  if (!(await insertEntry(tx, p, -p.amountCents)))
    return { applied: false, balanceCents: await balanceOf(tx, p.userId) };
  const [row] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} - ${p.amountCents}` })
    .where(sql`${users.id} = ${p.userId} and ${users.creditBalance} >= ${p.amountCents}`)
    .returning({ balance: users.creditBalance });
  if (!row) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);
  return { applied: true, balanceCents: row.balance };
}
