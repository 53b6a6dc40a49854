import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../../db/schema';
import { createUser } from '../../../db/seed/factories';
import { newUuid } from '../../../lib/ids';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  ledgerOf,
  mailTo,
} from '../commerce.test-support';
import { createOrdersRepo } from '../orders/orders.repo';
import { PAYPAL_APPROVAL_WINDOW_MS } from './paypal-checkout';
import { createPaypalReconciler } from './paypal-reconciler';

let t: CommerceTestApp;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

function reconciler() {
  return createPaypalReconciler({
    database: t.database,
    paypal: t.paypal,
    clock: t.clock,
    publicUrl: t.config.publicUrl,
    earnings: t.config.earnings,
    log: silent,
    staleAfterMs: 120_000,
  });
}

async function openCreditsOrder(user: { id: number }, credits: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credits/buy',
    headers: await t.bearer(user),
    payload: { Credits: credits },
  });
  return response.json().orderId as string;
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

describe('PayPal reconciler', () => {
  it('captures an order the buyer approved but whose browser never came back, once', async () => {
    const user = await createUser(t.database.db);
    const orderId = await openCreditsOrder(user, 250);
    await approveAtPaypal(t.app, orderId);

    // Too fresh: the browser may still be on its way.
    expect((await reconciler().runOnce()).completed).toBe(0);
    expect(await balanceCents(user.id)).toBe(0);

    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).completed).toBe(1);
    expect(await balanceCents(user.id)).toBe(25000);
    expect((await ourOrder(orderId)).status).toBe('COMPLETED');
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);

    // Nothing more to do; the browser arriving late sees the same result.
    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).completed).toBe(0);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/credits/paypal/capture-payment',
      headers: await t.bearer(user),
      payload: { orderId },
    });
    expect(late.json()).toEqual({ balance: 250 });
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
  });

  it('captures an abandoned visitor cart and emails the tips to the payer', async () => {
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 1500 });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      payload: { cart: [tip.id] },
    });
    const orderId = opened.json().orderId;
    await approveAtPaypal(t.app, orderId, { payerEmail: 'gone@example.test' });
    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).completed).toBe(1);
    const mail = await mailTo(t.database.db, 'gone@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(tip.selection);
  });

  it('grants an order PayPal captured when our process died before the grant, even after kick-off', async () => {
    const user = await createUser(t.database.db);
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 2000 });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      headers: await t.bearer(user),
      payload: { cart: [tip.id] },
    });
    const orderId = opened.json().orderId;
    await approveAtPaypal(t.app, orderId);
    const order = await ourOrder(orderId);
    // What the dead process did before dying: the capture call, with the order's request id.
    const captured = await t.paypal.captureOrder(orderId, `capture-${order.id}`);
    expect(captured.captures[0].status).toBe('COMPLETED');
    expect((await ourOrder(orderId)).status).toBe('CREATED');

    t.clock.set(new Date(tip.eventTime.getTime() + 60_000));
    try {
      expect((await reconciler().runOnce()).completed).toBe(1);
    } finally {
      t.clock.set(new Date());
    }
    expect((await ourOrder(orderId)).status).toBe('COMPLETED');
    const mail = await mailTo(t.database.db, user.email);
    expect(mail.map((m) => m.template)).toEqual(['tips-purchased']);
    expect(mail[0].text).toContain(tip.selection);
  });

  it('grants once when several reconcilers and the browser capture the same order at once', async () => {
    const user = await createUser(t.database.db);
    const orderId = await openCreditsOrder(user, 100);
    await approveAtPaypal(t.app, orderId);
    t.clock.advance(3 * 60_000);
    const [a, b, browser] = await Promise.all([
      reconciler().runOnce(),
      reconciler().runOnce(),
      t.app.inject({
        method: 'POST',
        url: '/api/credits/paypal/capture-payment',
        headers: await t.bearer(user),
        payload: { orderId },
      }),
    ]);
    expect(browser.json()).toEqual({ balance: 100 });
    expect(a.completed + b.completed).toBeLessThanOrEqual(1);
    expect(await ledgerOf(t.database.db, user.id)).toHaveLength(1);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
  });

  it('completes a pending capture once PayPal clears it', async () => {
    const user = await createUser(t.database.db);
    const orderId = await openCreditsOrder(user, 100);
    await approveAtPaypal(t.app, orderId, { failMode: 'pending' });
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/credits/paypal/capture-payment',
      headers: await t.bearer(user),
      payload: { orderId },
    });
    expect(pending.statusCode).toBe(409);
    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).waiting).toBe(1);
    expect(await balanceCents(user.id)).toBe(0);

    await t.app.inject({ method: 'POST', url: `/api/sandbox/paypal/orders/${orderId}/complete-capture` });
    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).completed).toBe(1);
    expect(await balanceCents(user.id)).toBe(10000);
  });

  it('closes orders never approved within the window, and orders PayPal never created', async () => {
    const user = await createUser(t.database.db);
    const orderId = await openCreditsOrder(user, 100);
    const orphan = await createOrdersRepo(t.database.db).insertOrder({
      id: newUuid(),
      userId: user.id,
      type: 'CREDITS',
      method: 10,
      provider: 'paypal',
      status: 'CREATED',
      amountCents: 10000,
      creditsCents: 10000,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    t.clock.advance(3 * 60_000);
    expect((await reconciler().runOnce()).waiting).toBe(2);
    expect((await ourOrder(orderId)).status).toBe('CREATED');

    t.clock.advance(PAYPAL_APPROVAL_WINDOW_MS);
    expect((await reconciler().runOnce()).failed).toBe(2);
    expect((await ourOrder(orderId)).status).toBe('FAILED');
    const [orphanNow] = await t.database.db.select().from(orders).where(eq(orders.id, orphan.id));
    expect(orphanNow.status).toBe('FAILED');
    // A buyer approving after that is too late: nothing is captured or granted.
    await approveAtPaypal(t.app, orderId);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/credits/paypal/capture-payment',
      headers: await t.bearer(user),
      payload: { orderId },
    });
    expect(late.statusCode).toBe(422);
    expect(await balanceCents(user.id)).toBe(0);
  });

  it('starts and stops cleanly', async () => {
    const r = reconciler();
    r.start();
    await r.stop();
  });
});
