import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  creditDebts,
  entitlements,
  orderReversals,
  orders,
  paypalWebhookEvents,
  revokedEntitlements,
  tipRefunds,
  users,
} from '../../../db/schema';
import { createUser } from '../../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  ledgerOf,
} from '../commerce.test-support';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import {
  type SandboxEventKind,
  sandboxEvent,
  signSandboxDelivery,
} from '../paypal-sandbox/paypal-webhook-emulator';

/**
 * PayPal's webhook events as PayPal (here its emulator) delivers them: genuine, forged, replayed
 * and out of order, with the ledger invariants checked after every test (QUALITY "Money").
 */

let t: CommerceTestApp;
type User = { id: number; email: string };

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

async function buyCredits(user: User, credits: number): Promise<typeof orders.$inferSelect> {
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/credits/buy',
    headers: await t.bearer(user),
    payload: { Credits: credits },
  });
  expect(open.statusCode).toBe(200);
  const paypalOrderId = open.json().orderId as string;
  await approveAtPaypal(t.app, paypalOrderId);
  const capture = await t.app.inject({
    method: 'POST',
    url: '/api/credits/paypal/capture-payment',
    headers: await t.bearer(user),
    payload: { orderId: paypalOrderId },
  });
  expect(capture.statusCode).toBe(200);
  return ourOrder(paypalOrderId);
}

async function buyTipsWithPaypal(user: User, tipIds: number[]) {
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/tips/purchase/paypal',
    headers: await t.bearer(user),
    payload: { cart: tipIds },
  });
  expect(open.statusCode).toBe(200);
  const paypalOrderId = open.json().orderId as string;
  await approveAtPaypal(t.app, paypalOrderId);
  const capture = await t.app.inject({
    method: 'POST',
    url: '/api/tips/paypal/capture',
    headers: await t.bearer(user),
    payload: { orderId: paypalOrderId },
  });
  expect(capture.statusCode).toBe(200);
  return ourOrder(paypalOrderId);
}

async function ourOrder(paypalOrderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, paypalOrderId));
  return row;
}

async function account(userId: number) {
  const [row] = await t.database.db
    .select({ balance: users.creditBalance, debt: users.creditDebt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

function eventFor(
  kind: SandboxEventKind,
  order: typeof orders.$inferSelect,
  extra: { amountCents?: number; sourceId?: string } = {},
) {
  return sandboxEvent(kind, {
    captureId: order.providerCaptureId!,
    paypalOrderId: order.providerOrderId!,
    amountCents: extra.amountCents ?? order.amountCents,
    sourceId: extra.sourceId,
    now: t.clock.now(),
  });
}

/** Delivers an event as PayPal does: JSON body and transmission headers, signed. */
async function deliver(
  event: object,
  tamper?: (d: { headers: Record<string, string>; body: string }) => void,
) {
  const delivery = signSandboxDelivery(t.config.jwt.secret, t.config.paypal.webhookId!, event, t.clock.now());
  tamper?.(delivery);
  return t.app.inject({
    method: 'POST',
    url: '/api/paypal/webhooks',
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function storedEvent(eventId: string) {
  const [row] = await t.database.db
    .select()
    .from(paypalWebhookEvents)
    .where(eq(paypalWebhookEvents.eventId, eventId));
  return row;
}

describe('POST /api/paypal/webhooks: signatures', () => {
  it('refuses a delivery whose signature PayPal does not confirm, and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const event = eventFor('refunded', order);
    const forged = await deliver(event, (d) => {
      d.headers['paypal-transmission-sig'] = Buffer.from('forged').toString('base64');
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual(['Invalid webhook signature.']);
    expect(await storedEvent(event.id)).toBeUndefined();
    expect(await account(user.id)).toEqual({ balance: 10000, debt: 0 });
  });

  it('refuses a genuine signature over a body an attacker changed (a larger refund)', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const event = eventFor('refunded', order, { amountCents: 100 });
    const response = await deliver(event, (d) => {
      d.body = d.body.replace('"value":"1.00"', '"value":"100.00"');
    });
    expect(response.statusCode).toBe(400);
    expect(await account(user.id)).toEqual({ balance: 10000, debt: 0 });
  });

  it('refuses a delivery without PayPal transmission headers', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/webhooks',
      payload: eventFor('refunded', order),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['Missing PayPal transmission headers.']);
    expect(await account(user.id)).toEqual({ balance: 10000, debt: 0 });
  });

  it('answers 400, not 500, to a body that is no PayPal event', async () => {
    const response = await deliver({ hello: 'world' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['Invalid webhook event.']);
  });
});

describe('PAYMENT.CAPTURE.REFUNDED and REVERSED on a credits order', () => {
  it('takes the credits back once, however often PayPal delivers the event', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const event = eventFor('refunded', order);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ eventId: event.id, outcome: 'reversed', duplicate: false });
    for (let i = 0; i < 3; i++) {
      const replay = await deliver(event);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().duplicate).toBe(true);
    }
    expect(await account(user.id)).toEqual({ balance: 0, debt: 0 });
    expect((await ledgerOf(t.database.db, user.id)).map((e) => [e.reason, e.amountCents])).toEqual([
      ['credit_purchase', 10000],
      ['payment_reversal', -10000],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toEqual(['order.payment_reversed']);
  });

  it('replayed concurrently: one reversal, one debit', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const event = eventFor('reversed', order);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await account(user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('a partial refund takes back its share of the credits', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 250); // $237.50 for 250 credits
    const response = await deliver(eventFor('refunded', order, { amountCents: 4750 }));
    expect(response.json().outcome).toBe('reversed');
    expect(await account(user.id)).toEqual({ balance: 25000 - 5000, debt: 0 });
  });

  it('credits already spent become a debt that blocks purchases until credits bought later repay it', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const [tip] = await createOpenTips(t.database.db, 2, { priceCents: 6000, now: t.clock.now() });
    const spend = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [tip.id] },
    });
    expect(spend.statusCode).toBe(200);
    expect(await account(user.id)).toEqual({ balance: 4000, debt: 0 });

    expect((await deliver(eventFor('refunded', order))).json().outcome).toBe('reversed');
    // Never below zero: 40 credits taken, 60 owed.
    expect(await account(user.id)).toEqual({ balance: 0, debt: 6000 });
    const [debt] = await t.database.db.select().from(creditDebts).where(eq(creditDebts.userId, user.id));
    expect(debt).toMatchObject({ amountCents: 6000, repaidCents: 0, settledAt: null });

    const [other] = await createOpenTips(t.database.db, 1, { priceCents: 100, now: t.clock.now() });
    const withCredits = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [other.id] },
    });
    expect(withCredits.statusCode).toBe(409);
    expect(withCredits.json().errors).toEqual([COMMERCE_MESSAGES.creditDebtOutstanding]);
    const withPaypal = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase/paypal',
      headers: await t.bearer(user),
      payload: { cart: [other.id] },
    });
    expect(withPaypal.statusCode).toBe(409);

    // Buying 100 credits repays the 60 owed first.
    await buyCredits(user, 100);
    expect(await account(user.id)).toEqual({ balance: 4000, debt: 0 });
    const [settled] = await t.database.db.select().from(creditDebts).where(eq(creditDebts.userId, user.id));
    expect(settled.repaidCents).toBe(6000);
    expect(settled.settledAt).not.toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [other.id] },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('refunds and disputes on a tips order', () => {
  it('a refund revokes the tips the order granted; a replay revokes nothing more', async () => {
    const buyer = await createUser(t.database.db);
    const tips = await createOpenTips(t.database.db, 2, { priceCents: 700, now: t.clock.now() });
    const order = await buyTipsWithPaypal(
      buyer,
      tips.map((tip) => tip.id),
    );
    const granted = () => t.database.db.select().from(entitlements).where(eq(entitlements.userId, buyer.id));
    expect(await granted()).toHaveLength(2);
    const viewTip = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tips/running', headers: await t.bearer(buyer) })).body;
    expect(await viewTip()).toContain(tips[0].selection);

    const event = eventFor('refunded', order);
    expect((await deliver(event)).json().outcome).toBe('reversed');
    expect(await granted()).toHaveLength(0);
    const revoked = await t.database.db
      .select()
      .from(revokedEntitlements)
      .where(eq(revokedEntitlements.orderId, order.id));
    expect(revoked.map((r) => r.tipId).sort()).toEqual(tips.map((tip) => tip.id).sort());
    expect((await deliver(event)).json().duplicate).toBe(true);
    // The buyer no longer sees the paid selection.
    expect(await viewTip()).not.toContain(tips[0].selection);
  });

  it('a dispute opened is recorded; resolved for the buyer it reverses; a later REVERSED of the same money takes nothing twice', async () => {
    const buyer = await createUser(t.database.db);
    const order = await buyCredits(buyer, 100);
    const disputeId = 'PP-D-TEST1';
    expect((await deliver(eventFor('dispute-created', order, { sourceId: disputeId }))).json().outcome).toBe(
      'recorded',
    );
    expect(await account(buyer.id)).toEqual({ balance: 10000, debt: 0 });
    expect(
      (await deliver(eventFor('dispute-resolved-buyer', order, { sourceId: disputeId }))).json().outcome,
    ).toBe('reversed');
    expect((await deliver(eventFor('reversed', order))).json().outcome).toBe('already-reversed');
    expect(await account(buyer.id)).toEqual({ balance: 0, debt: 0 });
    const reversals = await t.database.db
      .select()
      .from(orderReversals)
      .where(eq(orderReversals.orderId, order.id));
    expect(reversals.map((r) => [r.kind, r.creditsCents])).toEqual([['dispute', 10000]]);
  });

  it('a dispute resolved for the seller changes nothing', async () => {
    const buyer = await createUser(t.database.db);
    const order = await buyCredits(buyer, 100);
    expect((await deliver(eventFor('dispute-resolved-seller', order))).json().outcome).toBe('recorded');
    expect(await account(buyer.id)).toEqual({ balance: 10000, debt: 0 });
  });
});

describe("the shop's own refunds", () => {
  it('a refund this shop made (a voided tip) is recognised and takes nothing back again', async () => {
    const buyer = await createUser(t.database.db);
    const [tip] = await createOpenTips(t.database.db, 1, { priceCents: 700, now: t.clock.now() });
    const order = await buyTipsWithPaypal(buyer, [tip.id]);
    const [grant] = await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    await t.database.db.insert(tipRefunds).values({
      tipId: tip.id,
      entitlementId: grant.id,
      orderId: order.id,
      userId: buyer.id,
      amountCents: 700,
      currency: 'USD',
      paidWith: 'paypal',
      status: 'completed',
      method: 'paypal',
      providerRefundId: 'OWNREFUND0001',
      completedAt: t.clock.now(),
    });
    const response = await deliver(
      eventFor('refunded', order, { sourceId: 'OWNREFUND0001', amountCents: 700 }),
    );
    expect(response.json().outcome).toBe('own-refund');
    expect(
      await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(orderReversals).where(eq(orderReversals.orderId, order.id)),
    ).toEqual([]);
  });
});

describe('out of order', () => {
  it('a capture-completed event arriving after the refund does not grant again', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    const completed = eventFor('capture-completed', order);
    expect((await deliver(eventFor('refunded', order))).json().outcome).toBe('reversed');
    expect((await deliver(completed)).json().outcome).toBe('already-completed');
    expect(await account(user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('a dispute resolved before PayPal delivered its opening: one reversal, the late opening only recorded', async () => {
    const user = await createUser(t.database.db);
    const order = await buyCredits(user, 100);
    expect(
      (await deliver(eventFor('dispute-resolved-buyer', order, { sourceId: 'PP-D-LATE' }))).json().outcome,
    ).toBe('reversed');
    expect(
      (await deliver(eventFor('dispute-created', order, { sourceId: 'PP-D-LATE' }))).json().outcome,
    ).toBe('recorded');
    expect(await account(user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('a refund of an order never completed here takes nothing (nothing was given)', async () => {
    const user = await createUser(t.database.db);
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/credits/buy',
      headers: await t.bearer(user),
      payload: { Credits: 100 },
    });
    const pending = await ourOrder(open.json().orderId);
    const event = sandboxEvent('refunded', {
      captureId: 'NOCAPTURE123',
      amountCents: 9500,
      now: t.clock.now(),
    });
    expect((await deliver(event)).json().outcome).toBe('no-order');
    expect((await ourOrder(pending.providerOrderId!)).status).toBe('CREATED');
    expect(await account(user.id)).toEqual({ balance: 0, debt: 0 });
  });

  it('capture completed for an order whose buyer never came back: completed once through the checkout', async () => {
    const user = await createUser(t.database.db);
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/credits/buy',
      headers: await t.bearer(user),
      payload: { Credits: 100 },
    });
    const paypalOrderId = open.json().orderId as string;
    await approveAtPaypal(t.app, paypalOrderId);
    const event = sandboxEvent('capture-completed', {
      captureId: 'NOTYETKNOWN1',
      paypalOrderId,
      amountCents: 9500,
      now: t.clock.now(),
    });
    const first = await deliver(event);
    expect(first.json().outcome).toBe('reconciled:completed');
    expect((await deliver(event)).json().duplicate).toBe(true);
    expect((await ourOrder(paypalOrderId)).status).toBe('COMPLETED');
    expect(await account(user.id)).toEqual({ balance: 10000, debt: 0 });
    expect((await storedEvent(event.id)).outcome).toBe('reconciled:completed');
  });
});
