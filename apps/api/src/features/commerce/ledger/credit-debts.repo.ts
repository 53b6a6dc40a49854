import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { creditDebts, users } from '../../../db/schema';
import { debitAccount } from './ledger.repo';

/**
 * Credits owed after a PayPal refund or reversal took back more than the balance held. A balance
 * never goes below zero (the ledger's rule): the shortfall is a debt row, and users.credit_debt
 * caches the open total, which blocks purchases until it is 0. Credits bought later pay the oldest
 * debt first, each payment a ledger debit keyed by debt and order, so a replayed fulfilment pays
 * nothing twice.
 */

/** Records what a reversal could not debit; in the reversal's transaction. */
export async function recordCreditDebt(
  tx: DbOrTx,
  debt: { userId: number; reversalId: number; amountCents: number; now: Date },
): Promise<void> {
  await tx.insert(creditDebts).values({
    userId: debt.userId,
    reversalId: debt.reversalId,
    amountCents: debt.amountCents,
    createdAt: debt.now,
  });
  await tx
    .update(users)
    .set({ creditDebt: sql`${users.creditDebt} + ${debt.amountCents}` })
    .where(eq(users.id, debt.userId));
}

/**
 * Pays the user's open debts, oldest first, from their balance (just credited by `orderId`);
 * returns the balance left. In the crediting transaction, after the credit.
 */
export async function repayCreditDebts(
  tx: DbOrTx,
  p: { userId: number; orderId: string; balanceCents: number; now: Date },
): Promise<number> {
  const open = await tx
    .select()
    .from(creditDebts)
    .where(and(eq(creditDebts.userId, p.userId), isNull(creditDebts.settledAt)))
    .orderBy(asc(creditDebts.id))
    .for('update');
  let balance = p.balanceCents;
  for (const debt of open) {
    const pay = Math.min(balance, debt.amountCents - debt.repaidCents);
    if (pay <= 0) break;
    const posted = await debitAccount(tx, {
      userId: p.userId,
      amountCents: pay,
      reason: 'debt_repayment',
      reference: `debt:${debt.id}`,
      idempotencyKey: `debt:${debt.id}:order:${p.orderId}`,
      note: 'Repays credits taken back by a PayPal refund or reversal',
      now: p.now,
    });
    if (!posted.applied) continue;
    balance = posted.balanceCents;
    const repaid = debt.repaidCents + pay;
    await tx
      .update(creditDebts)
      .set({ repaidCents: repaid, settledAt: repaid === debt.amountCents ? p.now : null })
      .where(eq(creditDebts.id, debt.id));
    await tx
      .update(users)
      .set({ creditDebt: sql`${users.creditDebt} - ${pay}` })
      .where(eq(users.id, p.userId));
  }
  return balance;
}

export async function creditDebtOf(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx.select({ debt: users.creditDebt }).from(users).where(eq(users.id, userId));
  return row?.debt ?? 0;
}

/** The credit debts as the money services take them: bound to the database, the transaction last. */
export function createCreditDebtsRepo(db: DbOrTx) {
  return {
    creditDebtOf: (userId: number, tx: DbOrTx = db) => creditDebtOf(tx, userId),
    repayCreditDebts: (repayment: Parameters<typeof repayCreditDebts>[1], tx: DbOrTx = db) =>
      repayCreditDebts(tx, repayment),
  };
}
