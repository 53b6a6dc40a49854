import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiSubscriptions, entitlements } from '../../../db/schema';
import { createTip, createTipster, createUser } from '../../../db/seed/factories';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  expectLedgerInvariants,
  mailTo,
} from '../commerce.test-support';
import { deliverAiTipToSubscribers } from './deliver-ai-tip';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

async function aiTip(tipsterId: number, planId: number, priceCents: number, hoursAhead = 5) {
  return createTip(t.database.db, {
    tipsterId,
    aiPlanId: planId,
    priceCents,
    now: t.clock.now(),
    eventTime: new Date(t.clock.now().getTime() + hoursAhead * 3600_000),
    selection: `AI-${planId}-${Math.random().toString(36).slice(2)}`,
  });
}

describe('AI plan subscriptions', () => {
  it('buying the weekly plan’s tip opens a subscription that delivers 7 tips in all, each emailed and in Running Tips', async () => {
    const db = t.database.db;
    const high = await createTipster(db, { category: 'High AI Model', name: 'AI Model High' });
    const user = await createUser(db, { creditBalance: 100_000 });
    const first = await aiTip(high.id, 3, 44_900);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [first.id] },
    });
    expect(bought.statusCode).toBe(200);
    const [sub] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, user.id));
    expect(sub).toMatchObject({
      planId: 3,
      tipsTotal: 7,
      tipsDelivered: 1,
      completedAt: null,
      email: user.email,
    });

    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    for (let day = 1; day <= 7; day++) {
      const tip = await aiTip(high.id, 3, 44_900, 24 * day);
      const delivered = await db.transaction((tx) => deliverAiTipToSubscribers(tx, tip, ctx));
      expect(delivered).toBe(day <= 6 ? 1 : 0);
    }
    const [done] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.id, sub.id));
    expect(done.tipsDelivered).toBe(7);
    expect(done.completedAt).not.toBeNull();
    const grants = await db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(grants).toHaveLength(7);
    expect(grants.filter((g) => g.source === 'subscription')).toHaveLength(6);

    const running = await t.app.inject({
      method: 'GET',
      url: '/api/tips/running',
      headers: await t.bearer(user),
    });
    expect(running.json().data).toHaveLength(7);
    expect(
      running.json().data.every((d: { selection: string | null }) => d.selection?.startsWith('AI-3-')),
    ).toBe(true);
    const mail = await mailTo(db, user.email);
    expect(mail.map((m) => m.template)).toEqual(['tips-purchased', ...Array(6).fill('ai-tip-delivered')]);
    expect(mail[6].text).toContain('Tip 7 of 7');
  });

  it('delivers to a visitor subscriber by email, once per tip, and not to other plans', async () => {
    const db = t.database.db;
    const high = await createTipster(db, { category: 'High AI Model' });
    const medium = await createTipster(db, { category: 'Medium AI Model' });
    const [planTip] = [await aiTip(high.id, 4, 124_900)];
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      payload: { cart: [planTip.id] },
    });
    const orderId = opened.json().orderId;
    await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/paypal/orders/${orderId}/approve`,
      payload: { payerEmail: 'monthly@example.test' },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tips/paypal/capture', payload: { orderId } }))
        .statusCode,
    ).toBe(200);
    const [sub] = await db
      .select()
      .from(aiSubscriptions)
      .where(eq(aiSubscriptions.email, 'monthly@example.test'));
    expect(sub).toMatchObject({ planId: 4, tipsTotal: 30, tipsDelivered: 1, userId: null });

    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    const next = await aiTip(high.id, 4, 124_900, 30);
    expect(await db.transaction((tx) => deliverAiTipToSubscribers(tx, next, ctx))).toBe(1);
    expect(await db.transaction((tx) => deliverAiTipToSubscribers(tx, next, ctx))).toBe(0);
    const otherPlan = await aiTip(medium.id, 2, 9_900, 30);
    expect(await db.transaction((tx) => deliverAiTipToSubscribers(tx, otherPlan, ctx))).toBe(0);

    const grants = await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.buyerEmail, 'monthly@example.test')));
    expect(grants.map((g) => g.tipId).sort()).toEqual([planTip.id, next.id].sort());
    const [after] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.id, sub.id));
    expect(after.tipsDelivered).toBe(2);
    expect((await mailTo(db, 'monthly@example.test')).map((m) => m.template)).toEqual([
      'tips-purchased',
      'ai-tip-delivered',
    ]);
  });

  it('the free plan’s tip cannot be bought (it is free)', async () => {
    const low = await createTipster(t.database.db, { category: 'Low AI Model' });
    const free = await aiTip(low.id, 1, 0);
    const user = await createUser(t.database.db, { creditBalance: 1000 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [free.id] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toContain('this tip is free');
  });

  it('sells the monthly plan at its price and feeds it the high model’s picks, like the weekly plan', async () => {
    const db = t.database.db;
    const high = await createTipster(db, { category: 'High AI Model', name: 'AI Model High monthly' });
    const [weeklyBuyer, monthlyBuyer] = await Promise.all([
      createUser(db, { creditBalance: 200_000 }),
      createUser(db, { creditBalance: 200_000 }),
    ]);
    const weeklyTip = await aiTip(high.id, 3, 44_900);
    const monthlyTip = await aiTip(high.id, 4, 124_900);
    for (const [user, tip] of [
      [weeklyBuyer, weeklyTip],
      [monthlyBuyer, monthlyTip],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tips/buy',
        headers: await t.bearer(user),
        payload: { cart: [tip.id] },
      });
      expect(res.statusCode).toBe(200);
    }
    const [monthly] = await db
      .select()
      .from(aiSubscriptions)
      .where(eq(aiSubscriptions.userId, monthlyBuyer.id));
    expect(monthly).toMatchObject({ planId: 4, tipsTotal: 30, tipsDelivered: 1 });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: await t.bearer(monthlyBuyer),
    });
    expect(balance.json().data.creditBalance).toBe(2000 - 1249);

    // A high-model pick published under the weekly stream reaches both subscriptions.
    const next = await aiTip(high.id, 3, 44_900, 30);
    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    await db.transaction((tx) => deliverAiTipToSubscribers(tx, next, ctx));
    const receivers = await db
      .select({ userId: entitlements.userId })
      .from(entitlements)
      .where(eq(entitlements.tipId, next.id));
    expect(receivers.map((r) => r.userId)).toEqual(expect.arrayContaining([weeklyBuyer.id, monthlyBuyer.id]));
  });

  it('delivers one tip to many subscribers at once: one delivery per buyer, closing full plans, one email each', async () => {
    const db = t.database.db;
    const high = await createTipster(db, { category: 'High AI Model' });
    const now = t.clock.now();
    const users = await Promise.all(Array.from({ length: 40 }, () => createUser(db)));
    const subscription = (over: Partial<typeof aiSubscriptions.$inferInsert>) => ({
      planId: 3,
      tipsTotal: 7,
      tipsDelivered: 2,
      createdAt: now,
      email: 'unset@example.test',
      ...over,
    });
    const rows = [
      ...users.map((u) => subscription({ userId: u.id, email: u.email })),
      // Visitors, by address (one written in capitals, as a payer might).
      ...Array.from({ length: 20 }, (_, i) =>
        subscription({ email: i === 0 ? 'MANY-V0@Example.test' : `many-v${i}@example.test` }),
      ),
      // users[0] also has the monthly plan: the weekly one (older) counts the delivery.
      subscription({ userId: users[0].id, email: users[0].email, planId: 4, tipsTotal: 30 }),
      // users[1]'s plan is at its last tip; users[2]'s is already full (not open).
    ];
    rows[1] = { ...rows[1], tipsDelivered: 6 };
    rows[2] = { ...rows[2], tipsDelivered: 7, completedAt: now };
    // Earlier tests' subscribers of the high model are still open: they receive the tip too.
    const others = (await db.select().from(aiSubscriptions)).filter(
      (s) => [3, 4].includes(s.planId) && s.completedAt === null && s.tipsDelivered < s.tipsTotal,
    ).length;
    const subs = await db.insert(aiSubscriptions).values(rows).returning();
    const tip = await aiTip(high.id, 3, 44_900, 30);
    // users[3] already owns it: no delivery used up.
    await db.insert(entitlements).values({ userId: users[3].id, tipId: tip.id, source: 'admin' });

    const ctx = { now, publicUrl: t.config.publicUrl };
    const delivered = await db.transaction((tx) => deliverAiTipToSubscribers(tx, tip, ctx));
    expect(delivered).toBe(others + 40 - 2 + 20);

    const after = new Map(
      (await db.select().from(aiSubscriptions))
        .filter((s) => subs.some((x) => x.id === s.id))
        .map((s) => [s.id, s]),
    );
    const [monthly] = subs.slice(-1);
    expect(after.get(monthly.id)!.tipsDelivered).toBe(2);
    expect(after.get(subs[1].id)).toMatchObject({ tipsDelivered: 7 });
    expect(after.get(subs[1].id)!.completedAt).not.toBeNull();
    expect(after.get(subs[2].id)!.tipsDelivered).toBe(7);
    expect(after.get(subs[3].id)!.tipsDelivered).toBe(2);
    expect(after.get(subs[0].id)!.tipsDelivered).toBe(3);
    expect(after.get(subs[40].id)!.tipsDelivered).toBe(3);

    const grants = await db.select().from(entitlements).where(eq(entitlements.tipId, tip.id));
    expect(grants).toHaveLength(others + 40 - 1 + 20);
    expect(grants.find((g) => g.buyerEmail === 'MANY-V0@Example.test')).toMatchObject({ userId: null });
    const mail = await mailTo(db, users[1].email);
    expect(mail.map((m) => m.text.includes('Tip 7 of 7'))).toEqual([true]);
    expect(await mailTo(db, users[3].email)).toEqual([]);
    expect(await mailTo(db, users[2].email)).toEqual([]);
    expect((await mailTo(db, users[0].email)).map((m) => m.text.includes('Tip 3 of 7'))).toEqual([true]);

    // Published again (a replay): nothing more.
    expect(await db.transaction((tx) => deliverAiTipToSubscribers(tx, tip, ctx))).toBe(0);
  });
  it('shows the weekly plan as a plan: in the cart, in the buyer’s plans (2 of 7, the last pick expected), the email and the data export (issue #30.4)', async () => {
    const db = t.database.db;
    const high = await createTipster(db, { category: 'High AI Model', name: 'AI Model High' });
    const user = await createUser(db, { creditBalance: 100_000 });
    const first = await aiTip(high.id, 3, 44_900);
    const headers = await t.bearer(user);
    const cart = await t.app.inject({ method: 'GET', url: `/api/tips/cart?tipIds=${first.id}`, headers });
    expect(cart.json().data[0].plan).toEqual({
      id: 3,
      name: 'Weekly subscription',
      kind: 'weekly',
      picks: 7,
    });
    const boughtAt = t.clock.now();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tips/buy', headers, payload: { cart: [first.id] } }))
        .statusCode,
    ).toBe(200);
    t.clock.set(new Date(boughtAt.getTime() + 24 * 3600_000));
    const second = await aiTip(high.id, 3, 44_900, 30);
    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    await db.transaction((tx) => deliverAiTipToSubscribers(tx, second, ctx));

    // A day later: a fresh session, as the dashboard would have.
    const plans = await t.app.inject({
      method: 'GET',
      url: '/api/tips/ai/subscriptions',
      headers: await t.bearer(user),
    });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().data).toEqual([
      {
        id: expect.any(Number),
        plan: { id: 3, name: 'Weekly subscription', kind: 'weekly', picks: 7 },
        picksDelivered: 2,
        picksTotal: 7,
        startedAt: boughtAt.toISOString(),
        lastPickAt: t.clock.now().toISOString(),
        lastPickAround: new Date(boughtAt.getTime() + 6 * 24 * 3600_000).toISOString(),
        completedAt: null,
      },
    ]);
    // Nobody else's plans, and not without a session.
    const other = await createUser(db);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/tips/ai/subscriptions',
      headers: await t.bearer(other),
    });
    expect(theirs.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/tips/ai/subscriptions' })).statusCode).toBe(401);

    const [purchased] = await mailTo(db, user.email);
    expect(purchased.template).toBe('tips-purchased');
    expect(purchased.text).toContain('Weekly subscription: 7 picks, one a day; this is the first');

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile/data-export',
      headers: await t.bearer(user),
    });
    expect(exported.json().aiSubscriptions).toEqual([
      expect.objectContaining({
        plan: { id: 3, name: 'Weekly subscription', kind: 'weekly', picks: 7 },
        tipsDelivered: 2,
        tipsTotal: 7,
        createdAt: boughtAt.toISOString(),
        lastPickAround: new Date(boughtAt.getTime() + 6 * 24 * 3600_000).toISOString(),
        completedAt: null,
      }),
    ]);
  });
});
