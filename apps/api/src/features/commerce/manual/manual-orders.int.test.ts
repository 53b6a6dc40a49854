import { MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, orderItems, orders, users } from '../../../db/schema';
import { createUser } from '../../../db/seed/factories';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  ledgerOf,
  mailTo,
} from '../commerce.test-support';
import { createCommerceCore } from '../commerce-services';
import type { ManualOrders } from './manual-orders.service';

let t: CommerceTestApp;
let manual: ManualOrders;

beforeAll(async () => {
  t = await createCommerceTestApp();
  manual = createCommerceCore(t.database.db, t.config.earnings).manualOrders;
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

const ctx = () => ({
  now: t.clock.now(),
  publicUrl: t.config.publicUrl,
  supportEmail: t.config.mail.supportEmail,
});

const form = {
  method: 3,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.test',
  country: 'Spain',
  mobile: '+34600111222',
};

async function ordersOfEmail(email: string) {
  return t.database.db.select().from(orders).where(eq(orders.contactEmail, email));
}

async function balanceCents(userId: number) {
  const [row] = await t.database.db
    .select({ b: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row.b;
}

describe('Request Purchase (manual methods)', () => {
  it('a visitor’s request opens a pending order and emails instructions without the selections', async () => {
    const [a, b] = await createOpenTips(t.database.db, 2, { now: t.clock.now(), priceCents: 1250 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      payload: { ...form, cart: [a.id, b.id], amount: 0.01 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, message: MESSAGES.purchaseRequested });
    const [order] = await ordersOfEmail(form.email);
    expect(order).toMatchObject({
      status: 'PENDING',
      provider: 'manual',
      method: 3,
      amountCents: 2500,
      userId: null,
    });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.tipId, i.priceCents])).toEqual([
      [a.id, 1250],
      [b.id, 1250],
    ]);
    const mail = await mailTo(t.database.db, form.email);
    expect(mail.map((m) => m.template)).toEqual(['payment-instructions']);
    expect(mail[0].text).toContain('Bitcoin');
    expect(mail[0].text).toContain('$25.00');
    expect(mail[0].text).not.toContain(a.selection);
    expect(mail[0].html).not.toContain(a.selection);
    expect(
      await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id)),
    ).toHaveLength(0);
  });

  it('validates the form with the SPEC messages and refuses card and credits methods here', async () => {
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now() });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      payload: { ...form, cart: [tip.id], firstName: '', mobile: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([MESSAGES.firstNameRequired, MESSAGES.phoneTooShort]),
    );
    for (const method of [10, 11]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tips/purchase',
        payload: { ...form, cart: [tip.id], method },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('two admins confirming at once grant exactly once; the tips are emailed once', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now() });
    const email = 'twice@example.test';
    await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      payload: { ...form, email, cart: [tip.id] },
    });
    const [order] = await ordersOfEmail(email);

    const results = await Promise.allSettled(
      Array.from({ length: 2 }, () => manual.confirmManualOrder(order.id, admin.id, ctx())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.status).toBe(409);
    expect(rejected.reason.messages).toEqual([MESSAGES.orderAlreadyProcessed]);

    const [done] = await ordersOfEmail(email);
    expect(done).toMatchObject({ status: 'COMPLETED', decidedBy: admin.id });
    const grants = await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    expect(grants.map((g) => [g.buyerEmail, g.tipId, g.source])).toEqual([[email, tip.id, 'manual']]);
    const mail = await mailTo(t.database.db, email);
    expect(mail.map((m) => m.template)).toEqual(['payment-instructions', 'tips-purchased']);
    expect(mail[1].text).toContain(tip.selection);
  });

  it('a credit request is granted once on confirmation, as a ledger entry', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/credits/request',
      headers: await t.bearer(user),
      payload: { credits: 500, method: 4 },
    });
    expect(response.statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({
      status: 'PENDING',
      type: 'CREDITS',
      amountCents: 45000,
      creditsCents: 50000,
      method: 4,
    });
    expect(await balanceCents(user.id)).toBe(0);
    expect((await mailTo(t.database.db, user.email)).map((m) => m.template)).toEqual([
      'payment-instructions',
    ]);

    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => manual.confirmManualOrder(order.id, admin.id, ctx())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceCents(user.id)).toBe(50000);
    expect(
      (await ledgerOf(t.database.db, user.id)).map((e) => [e.reason, e.amountCents, e.createdBy]),
    ).toEqual([['credit_request', 50000, admin.id]]);
    expect((await mailTo(t.database.db, user.email)).map((m) => m.template)).toEqual([
      'payment-instructions',
      'credits-receipt',
    ]);
  });

  it('refuses manual credit requests with the card or checkout-only methods', async () => {
    const user = await createUser(t.database.db);
    for (const method of [7, 10, 11]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credits/request',
        headers: await t.bearer(user),
        payload: { credits: 100, method },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('a rejected request grants nothing, tells the buyer, and cannot be confirmed afterwards', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const user = await createUser(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/credits/request',
      headers: await t.bearer(user),
      payload: { credits: 100, method: 0 },
    });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    const rejected = await manual.rejectManualOrder(
      order.id,
      admin.id,
      'No payment arrived within 7 days.',
      ctx(),
    );
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'No payment arrived within 7 days.',
    });
    await expect(manual.confirmManualOrder(order.id, admin.id, ctx())).rejects.toMatchObject({
      status: 409,
    });
    await expect(manual.rejectManualOrder(order.id, admin.id, 'again', ctx())).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      manual.confirmManualOrder('00000000-0000-4000-8000-000000000000', admin.id, ctx()),
    ).rejects.toMatchObject({ status: 404 });
    await expect(manual.confirmManualOrder('not-a-uuid', admin.id, ctx())).rejects.toMatchObject({
      status: 404,
    });
    expect(await balanceCents(user.id)).toBe(0);
    const mail = await mailTo(t.database.db, user.email);
    expect(mail.map((m) => m.template)).toEqual(['payment-instructions', 'request-rejected']);
    expect(mail[1].text).toContain('No payment arrived within 7 days.');
  });

  it('a signed-in buyer’s confirmed request shows in Running Tips; confirming inside the caller’s transaction works', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const user = await createUser(t.database.db);
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now() });
    await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      headers: await t.bearer(user),
      payload: { ...form, email: user.email, cart: [tip.id] },
    });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    await t.database.db.transaction((tx) => manual.confirmManualOrder(order.id, admin.id, ctx(), tx));
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/tips/running',
      headers: await t.bearer(user),
    });
    expect(running.json().data.map((d: { id: number; selection: string }) => [d.id, d.selection])).toEqual([
      [tip.id, tip.selection],
    ]);
  });
});
