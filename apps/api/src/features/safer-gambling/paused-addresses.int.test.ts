import { BACKOFFICE_MESSAGES, MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, orders, users } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  mailTo,
} from '../commerce/commerce.test-support';

// Issue 29.2 and 29.3 (decision 111): a time-out or self-exclusion follows the person's email
// address (as PayPal payer, as a request's contact, as where the tips are delivered), with or
// without an account; and confirming a manual request is a purchase, so it passes the guard again.
let t: CommerceTestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

type User = { id: number; roles?: string[] };

async function call(user: User | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user ? await t.bearer(user) : {}, payload });
}

/** An account that excluded itself (or took a time-out) through its own page, as a person would. */
async function pausedPerson(email: string, how: 'self-exclusion' | 'time-out' = 'self-exclusion') {
  const user = await createUser(t.database.db, { email, emailVerified: true });
  const body = how === 'self-exclusion' ? { months: 6 } : { hours: 24 };
  expect((await call(user, 'POST', `/api/safer-gambling/${how}`, body)).statusCode).toBe(200);
  return user;
}

const oneTip = async () =>
  (await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 900 }))[0];

/** The attack: open a tips order (as a visitor unless `buyer`), approve as `payerEmail`, capture. */
async function buyWithPaypal(payerEmail: string, buyer: User | null = null) {
  const tip = await oneTip();
  const opened = await call(buyer, 'POST', '/api/tips/purchase/paypal', { cart: [tip.id], amount: 9 });
  expect(opened.statusCode).toBe(200);
  const orderId = opened.json().orderId as string;
  await approveAtPaypal(t.app, orderId, { payerEmail });
  const captured = await call(buyer, 'POST', '/api/tips/paypal/capture', { orderId });
  const [order] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
  const granted = await t.database.db.select().from(entitlements).where(eq(entitlements.tipId, tip.id));
  return { captured, order, granted };
}

const manualForm = (email: string) => ({
  method: 3,
  firstName: 'Maria',
  lastName: 'Lopez',
  email,
  country: 'Spain',
  mobile: '+34600111222',
});

async function requestManually(email: string, buyer: User | null = null) {
  const tip = await oneTip();
  return call(buyer, 'POST', '/api/tips/purchase', { ...manualForm(email), cart: [tip.id] });
}

function expectPaused(response: { statusCode: number; json(): { errors: string[] } }) {
  expect(response.statusCode).toBe(422);
  expect(response.json().errors).toEqual([MESSAGES.addressPurchasesPaused]);
}

describe('a paused person’s address does not buy, with or without an account', () => {
  it('a visitor paying with PayPal as the excluded address is refused before any money moves', async () => {
    const excluded = await pausedPerson('rosa.paused@example.test');
    const { captured, order, granted } = await buyWithPaypal('rosa.paused@example.test');
    expectPaused(captured);
    expect(order.status).toBe('FAILED');
    expect(granted).toEqual([]);
    expect(await mailTo(t.database.db, excluded.email)).toEqual([]);
  });

  it('the address is matched whatever its case and "+tag", and with Gmail’s dots and googlemail.com', async () => {
    await pausedPerson('Nico.Paused@Gmail.com');
    for (const payer of [
      'nico.paused@gmail.com',
      'NICOPAUSED+bets@googlemail.com',
      ' n.i.c.o.paused@gmail.com',
    ]) {
      expectPaused((await buyWithPaypal(payer.trim())).captured);
    }
    await pausedPerson('ana.paused@example.test');
    expectPaused((await buyWithPaypal('ANA.PAUSED+tips@example.test')).captured);
    // Dots matter outside Gmail: another mailbox, another person.
    const other = await buyWithPaypal('anapaused@example.test');
    expect(other.captured.statusCode).toBe(200);
    expect(other.granted).toHaveLength(1);
  });

  it('a member paying from an excluded person’s PayPal is refused too', async () => {
    await pausedPerson('lea.paused@example.test');
    const friend = await createUser(t.database.db, { emailVerified: true });
    const { captured, order } = await buyWithPaypal('lea.paused@example.test', friend);
    expectPaused(captured);
    expect(order.status).toBe('FAILED');
  });

  it('a manual request with the excluded address as contact is refused, visitor or member; nothing is mailed', async () => {
    const excluded = await pausedPerson('max.paused@example.test');
    expectPaused(await requestManually('Max.Paused+x@example.test'));
    const friend = await createUser(t.database.db, { emailVerified: true });
    expectPaused(await requestManually('max.paused@example.test', friend));
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.contactEmail, 'max.paused@example.test'));
    expect(rows).toEqual([]);
    expect(await mailTo(t.database.db, excluded.email)).toEqual([]);
  });

  it('a time-out holds the address until it ends; then the visitor can buy again', async () => {
    await pausedPerson('tom.paused@example.test', 'time-out');
    expectPaused((await buyWithPaypal('tom.paused@example.test')).captured);
    expectPaused(await requestManually('tom.paused@example.test'));
    t.clock.advance(24 * HOUR + 1);
    expect((await buyWithPaypal('tom.paused@example.test')).captured.statusCode).toBe(200);
    expect((await requestManually('tom.paused@example.test')).statusCode).toBe(200);
  });
});

describe('confirming a manual request re-runs the purchase guard', () => {
  const confirm = (admin: User, orderId: string) =>
    call(admin, 'POST', `/api/admin/orders/${orderId}/confirm`);

  async function pendingRequest(buyer: User | null, email: string) {
    const response = await requestManually(email, buyer);
    expect(response.statusCode).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.contactEmail, email))
      .orderBy(orders.createdAt);
    return order;
  }

  async function expectNotConfirmed(admin: User, orderId: string) {
    const refused = await confirm(admin, orderId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([MESSAGES.manualOrderBuyerPaused]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe('PENDING');
    expect(await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, orderId))).toEqual(
      [],
    );
  }

  it('a member’s request made before a self-exclusion is not delivered after it; the admin rejects it instead', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const member = await createUser(t.database.db, { email: 'ivo.member@example.test', emailVerified: true });
    const order = await pendingRequest(member, 'ivo.member@example.test');
    expect((await call(member, 'POST', '/api/safer-gambling/self-exclusion', { months: 6 })).statusCode).toBe(
      200,
    );
    await expectNotConfirmed(admin, order.id);
    // The documented route: reject with a reason (the buyer is told) and return the payment.
    const rejected = await call(admin, 'POST', `/api/admin/orders/${order.id}/reject`, {
      reason: 'Self-excluded since the request; payment returned by bank transfer',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('REJECTED');
  });

  it('a credit request made before a time-out does not grow the balance after it', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const member = await createUser(t.database.db, { emailVerified: true });
    const requested = await call(member, 'POST', '/api/credits/request', { credits: 20, method: 4 });
    expect(requested.statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, member.id));
    expect((await call(member, 'POST', '/api/safer-gambling/time-out', { hours: 48 })).statusCode).toBe(200);
    await expectNotConfirmed(admin, order.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row.creditBalance).toBe(0);
  });

  it('a visitor’s request whose address became a paused person’s is not confirmed either', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const order = await pendingRequest(null, 'zoe.later@example.test');
    await pausedPerson('zoe.later@example.test');
    await expectNotConfirmed(admin, order.id);
  });

  it('a member’s request whose account was erased since is refused with a 422 that says so, not a 401', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const member = await createUser(t.database.db, {
      email: 'gone.member@example.test',
      emailVerified: true,
    });
    const order = await pendingRequest(member, 'gone.member@example.test');
    await t.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, member.id));
    const refused = await confirm(admin, order.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([BACKOFFICE_MESSAGES.userNotFound]);
  });

  it('a request whose buyer is not paused is confirmed as before', async () => {
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const order = await pendingRequest(null, 'free.buyer@example.test');
    const confirmed = await confirm(admin, order.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('COMPLETED');
  });
});
