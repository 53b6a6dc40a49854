import { MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, orders, sandboxPaypalOrders, users } from '../../../db/schema';
import { createUser } from '../../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  ledgerOf,
  mailTo,
} from '../commerce.test-support';
import { COMMERCE_MESSAGES } from '../commerce-messages';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

type User = { id: number; email: string };

async function buyCredits(user: User, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credits/buy',
    headers: await t.bearer(user),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().orderId as string;
}

async function captureCredits(user: User | null, orderId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/credits/paypal/capture-payment',
    headers: user ? await t.bearer(user) : {},
    payload: { orderId },
  });
}

async function captureTips(user: User | null, orderId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/tips/paypal/capture',
    headers: user ? await t.bearer(user) : {},
    payload: { orderId },
  });
}

async function openTipsOrder(user: User | null, cart: number[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tips/purchase/paypal',
    headers: user ? await t.bearer(user) : {},
    payload: { cart, amount: 0.01 },
  });
  expect(response.statusCode).toBe(200);
  return response.json().orderId as string;
}

async function emulatorOrder(id: string) {
  const [row] = await t.database.db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id));
  return row;
}

async function ourOrder(providerOrderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row;
}

async function balanceCents(userId: number) {
  const [row] = await t.database.db
    .select({ b: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row.b;
}

describe('credits through PayPal', () => {
  it('prices 250 credits at 237.50 on the server and credits the account once on capture', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 250 });
    const buyerView = await t.app.inject({ method: 'GET', url: `/api/sandbox/paypal/orders/${orderId}` });
    expect(buyerView.json().amount).toEqual({ currency_code: 'USD', value: '237.50' });
    expect(await ourOrder(orderId)).toMatchObject({
      type: 'CREDITS',
      amountCents: 23750,
      creditsCents: 25000,
      status: 'CREATED',
    });

    await approveAtPaypal(t.app, orderId);
    const response = await captureCredits(user, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: 250 });
    const order = await ourOrder(orderId);
    expect(order.status).toBe('COMPLETED');
    expect(order.providerCaptureId).toBe((await emulatorOrder(orderId)).captureId);
    expect(
      (await ledgerOf(t.database.db, user.id)).map((e) => [e.reason, e.amountCents, e.reference]),
    ).toEqual([['credit_purchase', 25000, order.id]]);
    const mail = await mailTo(t.database.db, user.email);
    expect(mail.map((m) => m.template)).toEqual(['credits-receipt']);
    expect(mail[0].text).toContain('250.00 Credits');
    expect(mail[0].text).toContain('$237.50');
  });

  it('ignores amounts the client sends: the price comes from the credit-pack rule', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, {
      Credits: 1000,
      price: 1,
      amount: 0.01,
      total: '1.00',
      value: '1.00',
    });
    expect((await emulatorOrder(orderId)).amountValue).toBe('850.00');
    expect((await ourOrder(orderId)).amountCents).toBe(85000);
  });

  it('captured 10 times in a row: one grant, one ledger entry, one email, the same answer each time', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 100 });
    await approveAtPaypal(t.app, orderId);
    const bodies: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await captureCredits(user, orderId);
      expect(response.statusCode).toBe(200);
      bodies.push(response.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(
      new Set([JSON.stringify({ balance: 100 })]),
    );
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
    expect(await balanceCents(user.id)).toBe(10000);
  });

  it('captured 20 times at once: one capture, one grant, one email, every caller sees success', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 500 });
    await approveAtPaypal(t.app, orderId);
    const responses = await Promise.all(Array.from({ length: 20 }, () => captureCredits(user, orderId)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body))).toEqual(new Set([JSON.stringify({ balance: 500 })]));
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
    expect(await balanceCents(user.id)).toBe(50000);
  });

  it('grants nothing when PayPal captures a different amount', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 250 });
    await approveAtPaypal(t.app, orderId, { failMode: 'amount-mismatch' });
    const response = await captureCredits(user, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([COMMERCE_MESSAGES.paymentAmountMismatch]);
    const order = await ourOrder(orderId);
    expect(order.status).toBe('FAILED');
    expect(order.rejectionReason).toContain('Amount mismatch');
    expect((await emulatorOrder(orderId)).status).toBe('COMPLETED');
    // Replays do not grant either.
    expect((await captureCredits(user, orderId)).statusCode).toBe(422);
    expect(await balanceCents(user.id)).toBe(0);
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(0);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(0);
  });

  it('fails the order when the buyer’s instrument is declined; nothing is granted', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 100 });
    await approveAtPaypal(t.app, orderId, { failMode: 'declined' });
    const response = await captureCredits(user, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([MESSAGES.paymentFailed]);
    expect((await ourOrder(orderId)).status).toBe('FAILED');
    expect(await balanceCents(user.id)).toBe(0);
  });

  it('grants once when PayPal reports the order as already captured (our first response was lost)', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 100 });
    await approveAtPaypal(t.app, orderId, { failMode: 'already-captured' });
    const responses = await Promise.all([captureCredits(user, orderId), captureCredits(user, orderId)]);
    expect(responses.map((r) => r.json())).toEqual([{ balance: 100 }, { balance: 100 }]);
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
  });

  it('holds a pending capture without granting, and grants once it clears', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 100 });
    await approveAtPaypal(t.app, orderId, { failMode: 'pending' });
    const pending = await captureCredits(user, orderId);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors).toEqual([COMMERCE_MESSAGES.paymentPending]);
    expect((await ourOrder(orderId)).status).toBe('APPROVED');
    expect(await balanceCents(user.id)).toBe(0);

    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/paypal/orders/${orderId}/complete-capture`,
    });
    expect(cleared.statusCode).toBe(200);
    const response = await captureCredits(user, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: 100 });
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
  });

  it('refuses to capture an order the buyer has not approved, and captures it once approved', async () => {
    const user = await createUser(t.database.db);
    const orderId = await buyCredits(user, { Credits: 100 });
    const early = await captureCredits(user, orderId);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([COMMERCE_MESSAGES.paymentNotApproved]);
    expect((await ourOrder(orderId)).status).toBe('CREATED');
    await approveAtPaypal(t.app, orderId);
    expect((await captureCredits(user, orderId)).statusCode).toBe(200);
  });

  it('lets only the buyer capture their order, through the endpoint of its type', async () => {
    const owner = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const orderId = await buyCredits(owner, { Credits: 100 });
    await approveAtPaypal(t.app, orderId);
    expect((await captureCredits(other, orderId)).statusCode).toBe(404);
    expect((await captureCredits(null, orderId)).statusCode).toBe(401);
    expect((await captureTips(null, orderId)).statusCode).toBe(404);
    expect((await captureTips(owner, orderId)).statusCode).toBe(404);
    expect((await captureCredits(owner, 'NOSUCHORDER')).statusCode).toBe(404);
    expect(await balanceCents(owner.id)).toBe(0);
    expect((await captureCredits(owner, orderId)).statusCode).toBe(200);
  });

  it('rejects credit amounts outside the allowed range', async () => {
    const user = await createUser(t.database.db);
    for (const Credits of [0, -5, 2.5, 100_001, '100']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credits/buy',
        headers: await t.bearer(user),
        payload: { Credits },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('tips through PayPal', () => {
  it('sells a visitor’s cart: tips emailed to the PayPal payer, once, even when captured 20 times at once', async () => {
    const [a, b] = await createOpenTips(t.database.db, 2, { now: t.clock.now(), priceCents: 1250 });
    const orderId = await openTipsOrder(null, [a.id, b.id]);
    expect((await emulatorOrder(orderId)).amountValue).toBe('25.00');
    await approveAtPaypal(t.app, orderId, { payerEmail: 'visitor@example.test' });

    const responses = await Promise.all(Array.from({ length: 20 }, () => captureTips(null, orderId)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of responses) expect(r.json()).toEqual({ tipIds: [a.id, b.id] });
    const order = await ourOrder(orderId);
    expect(order).toMatchObject({ status: 'COMPLETED', userId: null, payerEmail: 'visitor@example.test' });
    const grants = await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    expect(grants.map((g) => [g.buyerEmail, g.userId, g.source])).toEqual([
      ['visitor@example.test', null, 'paypal'],
      ['visitor@example.test', null, 'paypal'],
    ]);
    const mail = await mailTo(t.database.db, 'visitor@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(a.selection);
    expect(mail[0].text).toContain(b.selection);
    expect(JSON.stringify(responses[0].json())).not.toContain(a.selection);
  });

  it('a signed-in buyer’s tips order captured 20 times at once is granted once (no refunds, no second email)', async () => {
    const user = await createUser(t.database.db);
    const bought = await createOpenTips(t.database.db, 2, { now: t.clock.now(), priceCents: 800 });
    const orderId = await openTipsOrder(
      user,
      bought.map((tip) => tip.id),
    );
    await approveAtPaypal(t.app, orderId);
    const responses = await Promise.all(Array.from({ length: 20 }, () => captureTips(user, orderId)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const order = await ourOrder(orderId);
    expect(
      await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id)),
    ).toHaveLength(2);
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(0);
    expect(await balanceCents(user.id)).toBe(0);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
  });

  it('gives a signed-in buyer the tips in Running Tips', async () => {
    const user = await createUser(t.database.db);
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 900 });
    const orderId = await openTipsOrder(user, [tip.id]);
    await approveAtPaypal(t.app, orderId, { payerEmail: 'someone-else@example.test' });
    expect((await captureTips(null, orderId)).statusCode).toBe(404);
    expect((await captureTips(user, orderId)).json()).toEqual({ tipIds: [tip.id] });
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/tips/running',
      headers: await t.bearer(user),
    });
    expect(running.json().data.map((d: { id: number; selection: string }) => [d.id, d.selection])).toEqual([
      [tip.id, tip.selection],
    ]);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
    expect(await mailTo(t.database.db, 'someone-else@example.test')).toHaveLength(0);
  });

  it('does not capture when a tip kicked off after the order was opened', async () => {
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now() });
    const orderId = await openTipsOrder(null, [tip.id]);
    await approveAtPaypal(t.app, orderId);
    t.clock.set(new Date(tip.eventTime.getTime() + 1000));
    try {
      const response = await captureTips(null, orderId);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        `${tip.homeTeam} vs ${tip.awayTeam}: sales closed at kick-off`,
      ]);
      expect((await ourOrder(orderId)).status).toBe('FAILED');
      expect((await emulatorOrder(orderId)).status).toBe('APPROVED');
    } finally {
      t.clock.set(new Date());
    }
  });

  it('does not capture when the payer already owns a tip of the cart', async () => {
    const [first, second] = await createOpenTips(t.database.db, 2, { now: t.clock.now() });
    const bought = await openTipsOrder(null, [first.id]);
    await approveAtPaypal(t.app, bought, { payerEmail: 'Repeat@Example.test' });
    expect((await captureTips(null, bought)).statusCode).toBe(200);

    const again = await openTipsOrder(null, [first.id, second.id]);
    await approveAtPaypal(t.app, again, { payerEmail: 'repeat@example.test' });
    const response = await captureTips(null, again);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      `${first.homeTeam} vs ${first.awayTeam}: you already own this tip`,
    ]);
    expect((await emulatorOrder(again)).status).toBe('APPROVED');
  });

  it('refuses to open an order for a cart with a tip that is not for sale', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      payload: { cart: [999_999] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['Tip #999999: not found']);
  });

  it('answers 503 and keeps the order when PayPal cannot be reached, then completes on retry', async () => {
    let down = false;
    const real = t.paypal;
    const port = {
      createOrder: real.createOrder,
      getOrder: (id: string) => (down ? Promise.reject(new Error('connection refused')) : real.getOrder(id)),
      captureOrder: real.captureOrder,
      refundCapture: real.refundCapture,
      verifyWebhookSignature: real.verifyWebhookSignature,
      createPayout: real.createPayout,
    };
    const app = await createCommerceTestApp({ database: t.database, paypal: port });
    try {
      const user = await createUser(t.database.db);
      const create = await app.app.inject({
        method: 'POST',
        url: '/api/credits/buy',
        headers: await app.bearer(user),
        payload: { Credits: 100 },
      });
      const orderId = create.json().orderId;
      await approveAtPaypal(app.app, orderId);
      down = true;
      const failed = await app.app.inject({
        method: 'POST',
        url: '/api/credits/paypal/capture-payment',
        headers: await app.bearer(user),
        payload: { orderId },
      });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().errors).toEqual([MESSAGES.paymentUnavailable]);
      expect((await ourOrder(orderId)).status).toBe('CREATED');
      down = false;
      const ok = await app.app.inject({
        method: 'POST',
        url: '/api/credits/paypal/capture-payment',
        headers: await app.bearer(user),
        payload: { orderId },
      });
      expect(ok.json()).toEqual({ balance: 100 });
    } finally {
      await app.close();
    }
  });
});
