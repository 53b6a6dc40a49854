import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiSubscriptions, orderItems, orders } from '../../../db/schema';
import { createTip, createTipster, createUser } from '../../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  mailTo,
} from '../commerce.test-support';
import { createCommerceCore } from '../commerce-services';
import { deliverAiTipToSubscribers } from './deliver-ai-tip';

// Decision 190: the monthly plan is sold with the high model's current pick (published for the
// weekly plan) by naming the plan in the cart, and is priced, recorded and delivered as the monthly plan.

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

const WEEKLY = 3;
const MONTHLY = 4;

/** The high model's pick of the day, as the AI worker publishes it: for the weekly plan. */
async function highPick(hoursAhead = 5) {
  const db = t.database.db;
  const high = await createTipster(db, { category: 'High AI Model' });
  const tip = await createTip(db, {
    tipsterId: high.id,
    aiPlanId: WEEKLY,
    priceCents: 44_900,
    now: t.clock.now(),
    eventTime: new Date(t.clock.now().getTime() + hoursAhead * 3600_000),
  });
  return { high, tip };
}

async function subscriptionsOf(column: 'userId' | 'email', value: number | string) {
  const where =
    column === 'userId'
      ? eq(aiSubscriptions.userId, value as number)
      : eq(aiSubscriptions.email, value as string);
  return t.database.db.select().from(aiSubscriptions).where(where);
}

async function itemsOf(orderId: string) {
  return t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

describe('the monthly AI plan, bought with the high model’s pick', () => {
  it('the cart shows the line as the monthly plan at its price; without a choice it is the weekly plan', async () => {
    const { tip } = await highPick();
    const asMonthly = await t.app.inject({
      url: `/api/tips/cart?tipIds=${tip.id}&plans=${tip.id}:${MONTHLY}`,
    });
    expect(asMonthly.statusCode).toBe(200);
    expect(asMonthly.json().data).toEqual([
      expect.objectContaining({
        id: tip.id,
        price: 1249,
        plan: { id: MONTHLY, name: 'Monthly subscription', kind: 'monthly', picks: 30 },
      }),
    ]);
    const asWeekly = await t.app.inject({ url: `/api/tips/cart?tipIds=${tip.id}` });
    expect(asWeekly.json().data[0]).toMatchObject({ price: 449, plan: { id: WEEKLY, picks: 7 } });
  });

  it('paid with credits: 1,249 credits, a 30-pick subscription, an order line of the monthly plan, an email that says so', async () => {
    const db = t.database.db;
    const { high, tip } = await highPick();
    const user = await createUser(db, { creditBalance: 200_000 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [tip.id], plans: [{ tipId: tip.id, planId: MONTHLY }] },
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toEqual({ balance: 2000 - 1249, tipIds: [tip.id] });
    const [sub] = await subscriptionsOf('userId', user.id);
    expect(sub).toMatchObject({ planId: MONTHLY, tipsTotal: 30, tipsDelivered: 1 });
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order.amountCents).toBe(124_900);
    expect(await itemsOf(order.id)).toEqual([
      expect.objectContaining({ tipId: tip.id, aiPlanId: MONTHLY, priceCents: 124_900 }),
    ]);
    const [receipt] = await mailTo(db, user.email);
    expect(receipt.text).toContain('Monthly subscription');
    expect(receipt.text).not.toContain('Weekly subscription');

    // The dashboard's plans box counts 1 of 30.
    const plans = await t.app.inject({ url: '/api/tips/ai/subscriptions', headers: await t.bearer(user) });
    expect(plans.json().data).toEqual([
      expect.objectContaining({
        plan: expect.objectContaining({ id: MONTHLY }),
        picksDelivered: 1,
        picksTotal: 30,
      }),
    ]);

    // The model's next pick, published for the weekly plan, is delivered to the monthly subscriber.
    const next = await createTip(db, {
      tipsterId: high.id,
      aiPlanId: WEEKLY,
      priceCents: 44_900,
      now: t.clock.now(),
      eventTime: new Date(t.clock.now().getTime() + 30 * 3600_000),
    });
    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    expect(await db.transaction((tx) => deliverAiTipToSubscribers(tx, next, ctx))).toBe(1);
    const [after] = await subscriptionsOf('userId', user.id);
    expect(after.tipsDelivered).toBe(2);
    expect((await mailTo(db, user.email))[1].text).toContain('Tip 2 of 30');
    // Running Tips shows both picks as picks of the monthly plan, though both were published for the weekly one.
    const running = await t.app.inject({ url: '/api/tips/running', headers: await t.bearer(user) });
    expect(
      running.json().data.map((d: { id: number; plan: { id: number } | null }) => [d.id, d.plan?.id]),
    ).toEqual([
      [tip.id, MONTHLY],
      [next.id, MONTHLY],
    ]);
  });

  it('paid by PayPal: the order is opened and captured as the monthly plan', async () => {
    const { tip } = await highPick();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      payload: { cart: [tip.id], plans: [{ tipId: tip.id, planId: MONTHLY }] },
    });
    expect(opened.statusCode).toBe(200);
    const { orderId } = opened.json();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order.amountCents).toBe(124_900);
    await approveAtPaypal(t.app, orderId, { payerEmail: 'monthly-paypal@example.test' });
    const captured = await t.app.inject({
      method: 'POST',
      url: '/api/tips/paypal/capture',
      payload: { orderId },
    });
    expect(captured.statusCode).toBe(200);
    const [sub] = await subscriptionsOf('email', 'monthly-paypal@example.test');
    expect(sub).toMatchObject({ planId: MONTHLY, tipsTotal: 30, tipsDelivered: 1, userId: null });
    const [receipt] = await mailTo(t.database.db, 'monthly-paypal@example.test');
    expect(receipt.text).toContain('Monthly subscription');
  });

  it('paid by a manual method: the confirmed request opens the monthly subscription', async () => {
    const db = t.database.db;
    const { tip } = await highPick();
    const admin = await createUser(db, { roles: ['user', 'admin'] });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      payload: {
        cart: [tip.id],
        plans: [{ tipId: tip.id, planId: MONTHLY }],
        method: 3,
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'monthly-manual@example.test',
        country: 'Spain',
        mobile: '+34600111222',
      },
    });
    expect(requested.statusCode).toBe(200);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.contactEmail, 'monthly-manual@example.test'));
    expect(order.amountCents).toBe(124_900);
    const manual = createCommerceCore(db, t.config.earnings).manualOrders;
    await manual.confirmManualOrder(order.id, admin.id, {
      now: t.clock.now(),
      publicUrl: t.config.publicUrl,
    });
    const [sub] = await subscriptionsOf('email', 'monthly-manual@example.test');
    expect(sub).toMatchObject({ planId: MONTHLY, tipsTotal: 30 });
  });

  it('refuses a plan the tip’s model does not sell, a plan for a tip outside the cart, and an unknown plan', async () => {
    const db = t.database.db;
    const { tip } = await highPick();
    const [ordinary] = await createOpenTips(db, 1, { now: t.clock.now() });
    const user = await createUser(db, { creditBalance: 500_000 });
    const buy = async (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/tips/buy', headers: await t.bearer(user), payload });

    // The medium model's daily plan (99) or the free plan sold as the high model's pick; a plan on a tipster's tip.
    for (const [tipId, planId] of [
      [tip.id, 2],
      [tip.id, 1],
      [ordinary.id, MONTHLY],
    ]) {
      const refused = await buy({ cart: [tipId], plans: [{ tipId, planId }] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toContain('this plan is not sold with this tip');
    }
    const outside = await buy({ cart: [tip.id], plans: [{ tipId: ordinary.id, planId: MONTHLY }] });
    expect(outside.statusCode).toBe(400);
    expect(JSON.stringify(outside.json())).toContain('a plan is named for a tip not in the cart');
    expect((await buy({ cart: [tip.id], plans: [{ tipId: tip.id, planId: 9 }] })).statusCode).toBe(400);
    expect((await subscriptionsOf('userId', user.id)).length).toBe(0);

    for (const query of [
      `tipIds=${tip.id}&plans=${tip.id}:2`,
      `tipIds=${tip.id}&plans=${ordinary.id}:4`,
      `tipIds=${tip.id}&plans=x`,
    ]) {
      expect((await t.app.inject({ url: `/api/tips/cart?${query}` })).statusCode).toBe(400);
    }
  });
});
