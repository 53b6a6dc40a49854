import { MESSAGES } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-db';
import type { Database } from '../../../db/client';
import { entitlements, ledgerEntries, orderItems, orders, users } from '../../../db/schema';
import { createTip, createTipster, createUser } from '../../../db/seed/factories';
import { newUuid } from '../../../lib/ids';
import { creditAccount, debitAccount } from './ledger.repo';
import { checkLedgerInvariants } from './ledger-invariants.test-support';

let database: Database;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function balance(userId: number) {
  const [row] = await database.db.select({ b: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row.b;
}

const posting = (userId: number, amountCents: number, key: string) => ({
  userId,
  amountCents,
  reason: 'tip_purchase' as const,
  reference: key,
  idempotencyKey: key,
  now,
});

describe('credits ledger', () => {
  it('the conditional debit alone never overdraws: 50 concurrent debits of 7 from 100 → 14 succeed', async () => {
    const user = await createUser(database.db, { creditBalance: 10_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        // No row lock taken here on purpose: the guarded UPDATE is what keeps the balance ≥ 0.
        database.db.transaction((tx) => debitAccount(tx, posting(user.id, 700, `race-${user.id}-${i}`))),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(14);
    for (const r of results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[]) {
      expect(r.reason.messages).toEqual([MESSAGES.notEnoughCredits]);
    }
    expect(await balance(user.id)).toBe(200);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('posts an idempotency key once', async () => {
    const user = await createUser(database.db);
    const credit = { ...posting(user.id, 500, `grant-${user.id}`), reason: 'bonus' as const };
    const first = await database.db.transaction((tx) => creditAccount(tx, credit));
    const second = await database.db.transaction((tx) => creditAccount(tx, credit));
    expect(first).toEqual({ applied: true, balanceCents: 500 });
    expect(second).toEqual({ applied: false, balanceCents: 500 });
    expect(await balance(user.id)).toBe(500);
    await expect(
      database.db.transaction((tx) => creditAccount(tx, { ...credit, amountCents: -1 })),
    ).rejects.toThrow(RangeError);
  });

  it('the invariant check reports a balance that drifted from its entries, and a sale without its debit', async () => {
    const user = await createUser(database.db, { creditBalance: 5000 });
    await database.db.execute(
      sql`update users set credit_balance = credit_balance + 1 where id = ${user.id}`,
    );
    const tipster = await createTipster(database.db);
    const tip = await createTip(database.db, { tipsterId: tipster.id, now });
    const orderId = newUuid();
    await database.db.insert(orders).values({
      id: orderId,
      userId: user.id,
      type: 'TIPS',
      method: 11,
      provider: 'credits',
      status: 'COMPLETED',
      amountCents: 1250,
    });
    await database.db.insert(orderItems).values({ orderId, tipId: tip.id, priceCents: 1250 });
    const pending = newUuid();
    await database.db.insert(orders).values({
      id: pending,
      userId: user.id,
      type: 'TIPS',
      method: 3,
      provider: 'manual',
      status: 'PENDING',
      amountCents: 1250,
    });
    await database.db
      .insert(entitlements)
      .values({ userId: user.id, tipId: tip.id, orderId: pending, source: 'manual' });

    const problems = await checkLedgerInvariants(database.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        `user ${user.id}: balance 5001 but entries sum to 5000`,
        expect.stringContaining(
          `order ${orderId} (TIPS via credits): expected 1 ledger entry totalling -1250, found 0`,
        ),
        `order ${pending} is PENDING but has 0 ledger entries and 1 entitlements`,
      ]),
    );
    // Repair so later tests in this file start clean.
    await database.db.execute(
      sql`update users set credit_balance = credit_balance - 1 where id = ${user.id}`,
    );
    await database.db.delete(entitlements).where(eq(entitlements.orderId, pending));
    await database.db.insert(ledgerEntries).values({
      userId: user.id,
      amountCents: -1250,
      reason: 'tip_purchase',
      reference: orderId,
      idempotencyKey: `order:${orderId}:debit`,
    });
    await database.db.execute(
      sql`update users set credit_balance = credit_balance - 1250 where id = ${user.id}`,
    );
    expect(await checkLedgerInvariants(database.db)).toEqual([
      `order ${orderId}: tip ${tip.id} was sold but not granted`,
    ]);
  });
});
