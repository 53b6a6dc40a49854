import { MESSAGES } from '@tips/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, ledgerEntries, orders, users } from '../../../db/schema';
import { createSettledTip, createTip, createTipster, createUser } from '../../../db/seed/factories';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  ledgerOf,
  mailTo,
} from '../commerce.test-support';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

async function buy(user: { id: number }, cart: number[], extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/tips/buy',
    headers: await t.bearer(user),
    payload: { cart, ...extra },
  });
}

async function balanceCents(userId: number) {
  const [row] = await t.database.db
    .select({ b: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row.b;
}

describe('POST /api/tips/buy (pay with credits)', () => {
  it('sells the cart once: debit, entitlements, one order, the email with the selections', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 5000 });
    const [a, b] = await createOpenTips(db, 2, { now: t.clock.now(), priceCents: 1250 });
    const response = await buy(user, [a.id, b.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: 25, tipIds: [a.id, b.id] });
    expect(await balanceCents(user.id)).toBe(2500);

    const ledger = await ledgerOf(db, user.id);
    expect(ledger.map((e) => [e.reason, e.amountCents])).toEqual([
      ['bonus', 5000],
      ['tip_purchase', -2500],
    ]);
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({
      status: 'COMPLETED',
      provider: 'credits',
      type: 'TIPS',
      amountCents: 2500,
      method: 11,
    });
    expect(ledger[1].reference).toBe(order.id);
    const grants = await db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(grants.map((g) => g.tipId).sort()).toEqual([a.id, b.id].sort());

    const mail = await mailTo(db, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe('tips-purchased');
    expect(mail[0].text).toContain(a.selection);
    expect(mail[0].text).toContain(b.selection);
  });

  it.each([1, 2, 3])(
    '50 concurrent purchases of different tips against 100 credits at 7: exactly 14 succeed, 2 credits remain (run %i)',
    async () => {
      const db = t.database.db;
      const user = await createUser(db, { creditBalance: 10_000 });
      const tipsForSale = await createOpenTips(db, 50, { now: t.clock.now(), priceCents: 700 });
      const responses = await Promise.all(tipsForSale.map((tip) => buy(user, [tip.id])));

      const ok = responses.filter((r) => r.statusCode === 200);
      const refused = responses.filter((r) => r.statusCode !== 200);
      expect(ok).toHaveLength(14);
      expect(refused).toHaveLength(36);
      for (const r of refused) {
        expect(r.statusCode).toBe(422);
        expect(r.json().errors).toEqual([MESSAGES.notEnoughCredits]);
      }
      expect(await balanceCents(user.id)).toBe(200);
      const debits = (await ledgerOf(db, user.id)).filter((e) => e.reason === 'tip_purchase');
      expect(debits).toHaveLength(14);
      const grants = await db.select().from(entitlements).where(eq(entitlements.userId, user.id));
      expect(grants).toHaveLength(14);
      expect((await mailTo(db, user.email)).length).toBe(14);
    },
  );

  it('50 concurrent purchases of the same tip: one entitlement, one debit', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 10_000 });
    const [tip] = await createOpenTips(db, 1, { now: t.clock.now(), priceCents: 700 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => buy(user, [tip.id])));

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual([
        'Arsenal vs Chelsea: you already own this tip'
          .replace('Arsenal', tip.homeTeam)
          .replace('Chelsea', tip.awayTeam),
      ]);
    }
    expect(await balanceCents(user.id)).toBe(9300);
    const grants = await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, user.id), eq(entitlements.tipId, tip.id)));
    expect(grants).toHaveLength(1);
    expect((await ledgerOf(db, user.id)).filter((e) => e.reason === 'tip_purchase')).toHaveLength(1);
  });

  it('ignores any amount or price the client sends', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 5000 });
    const [tip] = await createOpenTips(db, 1, { now: t.clock.now(), priceCents: 1900 });
    const response = await buy(user, [tip.id], {
      price: 0.01,
      amount: 0,
      total: 1,
      priceCents: 1,
      balance: 999_999,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().balance).toBe(31);
    expect(await balanceCents(user.id)).toBe(3100);
  });

  it('refuses the whole cart when one tip cannot be sold, naming each problem, and charges nothing', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const tipster = await createTipster(db);
    const user = await createUser(db, { creditBalance: 10_000 });
    const open = await createTip(db, {
      tipsterId: tipster.id,
      now,
      homeTeam: 'Leeds',
      awayTeam: 'Derby',
      selection: 'LEEDS-SECRET',
    });
    const started = await createTip(db, {
      tipsterId: tipster.id,
      now: new Date(now.getTime() - 3 * 3600_000),
      eventTime: new Date(now.getTime() - 60_000),
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
    });
    const settled = await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(now.getTime() - 86_400_000),
      homeTeam: 'Lyon',
      awayTeam: 'Nice',
    });
    const free = await createTip(db, {
      tipsterId: tipster.id,
      now,
      priceCents: 0,
      homeTeam: 'Porto',
      awayTeam: 'Braga',
    });
    const owned = await createTip(db, { tipsterId: tipster.id, now, homeTeam: 'Inter', awayTeam: 'Milan' });
    expect((await buy(user, [owned.id])).statusCode).toBe(200);
    const before = await balanceCents(user.id);

    const response = await buy(user, [open.id, started.id, settled.id, free.id, owned.id, 987_654, 2 ** 40]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      'Arsenal vs Chelsea: sales closed at kick-off',
      'Lyon vs Nice: this tip is already settled',
      'Porto vs Braga: this tip is free, there is nothing to buy',
      'Inter vs Milan: you already own this tip',
      'Tip #987654: not found',
      `Tip #${2 ** 40}: not found`,
    ]);
    expect(JSON.stringify(response.json())).not.toContain(open.selection);
    expect(await balanceCents(user.id)).toBe(before);
    const grants = await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, user.id), eq(entitlements.tipId, open.id)));
    expect(grants).toHaveLength(0);
  });

  it('refuses a tipster buying their own tip', async () => {
    const db = t.database.db;
    const seller = await createUser(db, { creditBalance: 5000, roles: ['user', 'tipster'] });
    const tipster = await createTipster(db, { userId: seller.id });
    const tip = await createTip(db, {
      tipsterId: tipster.id,
      now: t.clock.now(),
      homeTeam: 'Ajax',
      awayTeam: 'PSV',
    });
    const response = await buy(seller, [tip.id]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['Ajax vs PSV: you cannot buy your own tip']);
  });

  it('says not enough credits when the cart costs more than the balance, and changes nothing', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 1000 });
    const tipsForSale = await createOpenTips(db, 2, { now: t.clock.now(), priceCents: 700 });
    const response = await buy(
      user,
      tipsForSale.map((tip) => tip.id),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([MESSAGES.notEnoughCredits]);
    expect(await balanceCents(user.id)).toBe(1000);
  });

  it('needs a signed-in user and a valid cart', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tips/buy', payload: { cart: [1] } })).statusCode,
    ).toBe(401);
    const user = await createUser(t.database.db);
    const empty = await buy(user, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([MESSAGES.cartEmpty]);
    const duplicate = await buy(user, [5, 5]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([MESSAGES.cartDuplicate]);
  });

  it('keeps the ledger append-only: entries cannot be updated or deleted', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 100 });
    await expect(
      db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.userId, user.id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).rejects.toThrow();
    await expect(
      db.execute(sql`update users set credit_balance = -1 where id = ${user.id}`),
    ).rejects.toThrow();
  });
});
