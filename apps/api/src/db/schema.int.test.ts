import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import type { Database } from './client';
import { aiPlans, ledgerEntries, tips, tipsters, users } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function insertUser(balance = 0) {
  const [u] = await database.db
    .insert(users)
    .values({
      username: `u${Math.random().toString(36).slice(2, 8)}`,
      email: `${Math.random().toString(36).slice(2, 8)}@example.test`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
      phone: '1234567',
      country: 'DE',
      ageConfirmedAt: new Date(),
      termsAcceptedAt: new Date(),
      creditBalance: balance,
    })
    .returning();
  return u;
}

describe('database integrity', () => {
  it('ships the four AI plans', async () => {
    const plans = await database.db.select().from(aiPlans).orderBy(aiPlans.id);
    expect(plans.map((p) => p.priceCents)).toEqual([0, 9900, 44900, 124900]);
  });

  it('never lets a credit balance go below zero', async () => {
    const u = await insertUser(100);
    await expect(
      database.db.execute(sql`update users set credit_balance = -1 where id = ${u.id}`),
    ).rejects.toThrow();
  });

  it('keeps ledger entries append-only', async () => {
    const u = await insertUser();
    await database.db
      .insert(ledgerEntries)
      .values({ userId: u.id, amountCents: 500, reason: 'bonus', idempotencyKey: `k${u.id}` });
    await expect(
      database.db.execute(sql`update ledger_entries set amount_cents = 1 where user_id = ${u.id}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`delete from ledger_entries where user_id = ${u.id}`),
    ).rejects.toThrow();
  });

  it('refuses usernames and emails that differ only in case', async () => {
    const u = await insertUser();
    await expect(
      database.db
        .insert(users)
        .values({ ...u, id: undefined, email: 'other@example.test', username: u.username.toUpperCase() }),
    ).rejects.toThrow();
  });

  it('makes published tips immutable and settles them only once', async () => {
    const [tipster] = await database.db
      .insert(tipsters)
      .values({ name: 'T', category: 'SENIOR' })
      .returning();
    const kickoff = new Date(Date.now() + 3600_000);
    const [tip] = await database.db
      .insert(tips)
      .values({
        tipsterId: tipster.id,
        tipsType: 'SENIOR',
        league: 'L',
        homeTeam: 'H',
        awayTeam: 'A',
        eventTime: kickoff,
        bettingType: 1,
        selection: 'H -0.5',
        oddsHundredths: 190,
        priceCents: 700,
      })
      .returning();
    await expect(
      database.db.execute(sql`update tips set selection = 'A' where id = ${tip.id}`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from tips where id = ${tip.id}`)).rejects.toThrow();
    await database.db.execute(sql`update tips set result = 'WIN', settled_at = now() where id = ${tip.id}`);
    await expect(
      database.db.execute(sql`update tips set result = 'LOSS' where id = ${tip.id}`),
    ).rejects.toThrow();
  });

  it('refuses a tip published after kick-off', async () => {
    const [tipster] = await database.db
      .insert(tipsters)
      .values({ name: 'T2', category: 'PREMIUM' })
      .returning();
    await expect(
      database.db.insert(tips).values({
        tipsterId: tipster.id,
        tipsType: 'PREMIUM',
        league: 'L',
        homeTeam: 'H',
        awayTeam: 'A',
        eventTime: new Date(Date.now() - 60_000),
        bettingType: 1,
        selection: 'x',
        oddsHundredths: 190,
        priceCents: 700,
      }),
    ).rejects.toThrow();
  });
});
