import {
  type AdminOrderPage,
  AdminOrderPageSchema,
  type AdminOrderResponse,
  type ErrorBody,
  MESSAGES,
} from '@tips/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  at,
  auditRows,
  balanceOf,
  call,
  callOk,
  NOW,
  outboxFor,
  signedIn,
} from '../../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { entitlements, ledgerEntries, orders } from '../../../db/schema';
import { createTip, createTipster, createUser } from '../../../db/seed/factories';
import { createCommerceCore } from '../commerce-services';
import { checkLedgerInvariants } from '../ledger/ledger-invariants.test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let secondAdmin: Awaited<ReturnType<typeof signedIn>>;

const ctx = () => ({
  now: t.clock.now(),
  publicUrl: t.config.publicUrl,
  supportEmail: t.config.mail.supportEmail,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await signedIn(t, ['user', 'admin']);
  secondAdmin = await signedIn(t, ['user', 'admin']);
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

async function creditRequest(credits = 100) {
  const buyer = await createUser(t.database.db);
  const order = await createCommerceCore(t.database.db, t.config.earnings).manualOrders.requestCredits(
    buyer.id,
    { credits, method: 3 },
    ctx(),
  );
  return { buyer, order };
}

async function tipsRequest() {
  const db = t.database.db;
  const tipster = await createTipster(db);
  const tip = await createTip(db, { tipsterId: tipster.id, now: NOW, eventTime: at(3), priceCents: 2500 });
  const buyer = await createUser(db);
  const order = await createCommerceCore(db, t.config.earnings).manualOrders.requestTipsPurchase(
    buyer.id,
    {
      cart: [tip.id],
      method: 7,
      firstName: 'Bea',
      lastName: 'Buyer',
      email: buyer.email,
      country: 'Kenya',
      mobile: '+254700000000',
    },
    ctx(),
  );
  return { buyer, order, tip };
}

const confirm = (orderId: string, token = admin.token) =>
  call(t, 'POST', `/api/admin/orders/${orderId}/confirm`, { token });
const reject = (orderId: string, reason?: string) =>
  call(t, 'POST', `/api/admin/orders/${orderId}/reject`, {
    token: admin.token,
    body: reason === undefined ? {} : { reason },
  });

describe('GET /api/admin/orders', () => {
  it('lists pending manual requests oldest first with method, contact details and items', async () => {
    const credits = await creditRequest(250);
    t.clock.set(new Date(NOW.getTime() + 1000));
    const tips = await tipsRequest();
    const page = await callOk<AdminOrderPage>(
      t,
      'GET',
      '/api/admin/orders?status=PENDING&pageSize=50',
      admin.token,
    );
    expect(AdminOrderPageSchema.safeParse(page).success).toBe(true);
    const ids = page.data.map((o) => o.id);
    expect(ids.indexOf(credits.order.id)).toBeLessThan(ids.indexOf(tips.order.id));
    expect(page.data.find((o) => o.id === tips.order.id)).toMatchObject({
      type: 'TIPS',
      method: 7,
      methodName: 'Western Union',
      provider: 'manual',
      status: 'PENDING',
      amount: 25,
      user: { id: tips.buyer.id },
      contact: { firstName: 'Bea', lastName: 'Buyer', country: 'Kenya', mobile: '+254700000000' },
      items: [{ tipId: tips.tip.id, description: 'Arsenal vs Chelsea', price: 25 }],
    });
    expect(page.data.find((o) => o.id === credits.order.id)).toMatchObject({ type: 'CREDITS', credits: 250 });
    expect(JSON.stringify(page)).not.toContain('Home -0.5');

    const onlyCredits = await callOk<AdminOrderPage>(t, 'GET', '/api/admin/orders?type=CREDITS', admin.token);
    expect(onlyCredits.data.every((o) => o.type === 'CREDITS')).toBe(true);
  });
});

describe('POST /api/admin/orders/{id}/confirm', () => {
  it('grants the credits once, emails the buyer and audits the decision', async () => {
    const { buyer, order } = await creditRequest(100);
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(200);
    expect((response.json() as AdminOrderResponse).data).toMatchObject({
      status: 'COMPLETED',
      decidedBy: admin.user.id,
      completedAt: NOW.toISOString(),
    });
    expect(await balanceOf(t.database.db, buyer.id)).toBe(10000);
    expect(await outboxFor(t.database.db, buyer.email, 'credits-receipt')).toHaveLength(1);
    const [audit] = await auditRows(t.database.db, 'order.confirm', order.id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      before: { status: 'PENDING' },
      after: { status: 'COMPLETED' },
    });

    const again = await confirm(order.id);
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorBody).errors).toEqual([MESSAGES.orderAlreadyProcessed]);
    expect(await balanceOf(t.database.db, buyer.id)).toBe(10000);
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });

  it('grants the tips of a tip request', async () => {
    const { buyer, order, tip } = await tipsRequest();
    expect((await confirm(order.id)).statusCode).toBe(200);
    const granted = await t.database.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, buyer.id), eq(entitlements.tipId, tip.id)));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ source: 'manual', orderId: order.id });
    expect(await outboxFor(t.database.db, buyer.email, 'tips-purchased')).toHaveLength(1);
  });

  it('grants exactly once when two admins confirm the same request at the same moment', async () => {
    const { buyer, order } = await creditRequest(40);
    const responses = await Promise.all([
      confirm(order.id, admin.token),
      confirm(order.id, secondAdmin.token),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, buyer.id));
    expect(entries).toHaveLength(1);
    expect(await balanceOf(t.database.db, buyer.id)).toBe(4000);
    expect(await auditRows(t.database.db, 'order.confirm', order.id)).toHaveLength(1);
    expect(await outboxFor(t.database.db, buyer.email, 'credits-receipt')).toHaveLength(1);
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });

  it('answers 404 for an unknown order, 400 for a malformed id and 422 for a card order', async () => {
    expect((await confirm('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await confirm('not-a-uuid')).statusCode).toBe(400);
    const buyer = await createUser(t.database.db);
    const [paypal] = await t.database.db
      .insert(orders)
      .values({
        userId: buyer.id,
        type: 'CREDITS',
        method: 10,
        provider: 'paypal',
        status: 'CREATED',
        amountCents: 100,
      })
      .returning();
    expect((await confirm(paypal.id)).statusCode).toBe(422);
  });
});

describe('POST /api/admin/orders/{id}/reject', () => {
  it('rejects with a reason, grants nothing, tells the buyer and audits the reason', async () => {
    const { buyer, order } = await creditRequest(100);
    expect((await reject(order.id)).statusCode).toBe(400);
    const response = await reject(order.id, 'No payment received within 7 days');
    expect(response.statusCode).toBe(200);
    expect((response.json() as AdminOrderResponse).data).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'No payment received within 7 days',
    });
    expect(await balanceOf(t.database.db, buyer.id)).toBe(0);
    expect(await outboxFor(t.database.db, buyer.email, 'request-rejected')).toHaveLength(1);
    const [audit] = await auditRows(t.database.db, 'order.reject', order.id);
    expect(audit).toMatchObject({
      reason: 'No payment received within 7 days',
      after: { status: 'REJECTED' },
    });
    expect((await confirm(order.id)).statusCode).toBe(409);
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });
});
