import { MESSAGES } from '@tips/contract';
import { describe, expect, it } from 'vitest';
import { unprocessable } from '../../../lib/app-error';
import { appErrorOf } from '../../../lib/app-error.test-support';
import { createFakeCommerce, fakeOrder, fakeTip, NOW } from '../commerce-fakes.test-support';
import { CART_PROBLEMS } from '../commerce-messages';

/**
 * Manual payment requests on fake repositories (no database): what a buyer, a visitor and an admin
 * can make happen to money. The same flows on PGlite/PostgreSQL, with real concurrency, are
 * manual-orders.int.test.ts and orders.admin.routes.int.test.ts.
 */

const ADMIN = 1;
const BUYER = { id: 7, email: 'buyer@example.test', firstName: 'Bo', language: 'de', balanceCents: 0 };
const ctx = { now: NOW, publicUrl: 'https://tips.example', supportEmail: 'help@tips.example' };
const form = {
  method: 3 as const,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.test',
  country: 'Spain',
  mobile: '+34600111222',
};

function shop() {
  return createFakeCommerce({ accounts: [BUYER], tips: [fakeTip(1, 1_250), fakeTip(2, 300)] });
}

async function pendingCreditRequest(fake = shop(), credits = 500) {
  const order = await fake.manualOrders.requestCredits(BUYER.id, { credits, method: 4 }, ctx);
  return { fake, order };
}

describe('a buyer asks for credits paid by a manual method', () => {
  it('opens a pending order at the credit-pack price and emails the instructions; nothing is credited yet', async () => {
    const { fake, order } = await pendingCreditRequest(shop(), 500);
    expect(fake.order(order.id)).toMatchObject({
      status: 'PENDING',
      type: 'CREDITS',
      provider: 'manual',
      amountCents: 45_000,
      creditsCents: 50_000,
    });
    expect(fake.balanceOf(BUYER.id)).toBe(0);
    expect(fake.ledger).toEqual([]);
    expect(fake.emails.map((e) => [e.to, e.template])).toEqual([[BUYER.email, 'payment-instructions']]);
  });

  it.each([0, -5, 2.5, 100_001, Number.NaN])(
    'refuses %s credits with the contract’s message, opening no order and sending no email',
    async (credits) => {
      const fake = shop();
      const error = await appErrorOf(fake.manualOrders.requestCredits(BUYER.id, { credits, method: 4 }, ctx));
      expect(error.status).toBe(400);
      expect(error.messages).toEqual([MESSAGES.creditsOutOfRange]);
      expect(fake.orders).toEqual([]);
      expect(fake.emails).toEqual([]);
    },
  );

  it('a buyer in a time-out or over a spending limit gets no order and no instructions', async () => {
    const fake = shop();
    fake.refusePurchases(unprocessable('Your time-out is active.'));
    const error = await appErrorOf(
      fake.manualOrders.requestCredits(BUYER.id, { credits: 100, method: 4 }, ctx),
    );
    expect(error.messages).toEqual(['Your time-out is active.']);
    expect(fake.orders).toEqual([]);
    expect(fake.emails).toEqual([]);
  });

  it('an account that no longer exists is answered 401 and nothing is opened', async () => {
    const fake = shop();
    const error = await appErrorOf(fake.manualOrders.requestCredits(404, { credits: 100, method: 4 }, ctx));
    expect(error.status).toBe(401);
    expect(fake.orders).toEqual([]);
  });
});

describe('a visitor asks to pay a cart by a manual method', () => {
  it('is refused a tip this address already received, and no order is opened', async () => {
    const fake = shop();
    fake.grant({ userId: null, email: 'MARIA@example.test', tipId: 1, orderId: 'earlier', source: 'manual' });
    const error = await appErrorOf(
      fake.manualOrders.requestTipsPurchase(null, { ...form, cart: [1, 2] }, ctx),
    );
    expect(error.status).toBe(422);
    expect(error.messages).toEqual([CART_PROBLEMS.owned('Home 1 vs Away 1')]);
    expect(fake.orders).toEqual([]);
    expect(fake.emails).toEqual([]);
  });

  it('gets a pending order priced from the store (not the form) and instructions without the selections', async () => {
    const fake = shop();
    const order = await fake.manualOrders.requestTipsPurchase(null, { ...form, cart: [1, 2] }, ctx);
    expect(fake.order(order.id)).toMatchObject({ status: 'PENDING', amountCents: 1_550, userId: null });
    expect(fake.entitlements).toEqual([]);
    const [mail] = fake.emails;
    expect(mail).toMatchObject({ to: form.email, template: 'payment-instructions' });
    expect(mail!.text).not.toContain('Selection 1');
  });
});

describe('an admin decides a manual request', () => {
  it('confirming a credit request twice credits the buyer once; the second confirmation is refused', async () => {
    const { fake, order } = await pendingCreditRequest();
    await fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx);
    const again = await appErrorOf(fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx));
    expect(again.status).toBe(409);
    expect(again.messages).toEqual([MESSAGES.orderAlreadyProcessed]);
    expect(fake.balanceOf(BUYER.id)).toBe(50_000);
    expect(fake.ledger).toEqual([
      {
        userId: BUYER.id,
        amountCents: 50_000,
        reason: 'credit_request',
        idempotencyKey: `order:${order.id}:credit`,
      },
    ]);
    expect(fake.order(order.id)).toMatchObject({ status: 'COMPLETED', decidedBy: ADMIN });
    expect(fake.emails.map((e) => e.template)).toEqual(['payment-instructions', 'credits-receipt']);
  });

  it('confirming a visitor’s tips request twice grants each tip once, and mails the selections once', async () => {
    const fake = shop();
    const order = await fake.manualOrders.requestTipsPurchase(null, { ...form, cart: [1, 2] }, ctx);
    await fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx);
    expect((await appErrorOf(fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx))).status).toBe(409);
    expect(fake.entitlements.map((e) => [e.email, e.tipId, e.source])).toEqual([
      [form.email, 1, 'manual'],
      [form.email, 2, 'manual'],
    ]);
    const sent = fake.emails.filter((e) => e.template === 'tips-purchased');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Selection 1');
  });

  it('rejecting a confirmed order is refused as already processed: the grant stays, no rejection is mailed', async () => {
    const { fake, order } = await pendingCreditRequest();
    await fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx);
    const error = await appErrorOf(fake.manualOrders.rejectManualOrder(order.id, ADMIN, 'No payment', ctx));
    expect(error.status).toBe(409);
    expect(error.messages).toEqual([MESSAGES.orderAlreadyProcessed]);
    expect(fake.order(order.id)).toMatchObject({ status: 'COMPLETED', rejectionReason: null });
    expect(fake.balanceOf(BUYER.id)).toBe(50_000);
    expect(fake.emails.map((e) => e.template)).not.toContain('request-rejected');
  });

  it('a rejected request grants nothing, tells the buyer why, and cannot be confirmed afterwards', async () => {
    const { fake, order } = await pendingCreditRequest();
    const rejected = await fake.manualOrders.rejectManualOrder(order.id, ADMIN, 'No payment arrived.', ctx);
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'No payment arrived.' });
    const error = await appErrorOf(fake.manualOrders.confirmManualOrder(order.id, ADMIN, ctx));
    expect(error.status).toBe(409);
    expect(fake.balanceOf(BUYER.id)).toBe(0);
    expect(fake.ledger).toEqual([]);
    expect(fake.emails.map((e) => e.template)).toEqual(['payment-instructions', 'request-rejected']);
    expect(fake.emails[1]!.text).toContain('No payment arrived.');
  });

  it('a PayPal order or an unknown id cannot be confirmed as a manual payment: 404, nothing granted', async () => {
    const fake = shop();
    fake.seedOrder(
      fakeOrder({
        id: 'paypal-order',
        userId: BUYER.id,
        provider: 'paypal',
        status: 'APPROVED',
        type: 'TIPS',
      }),
      [1],
    );
    for (const id of ['paypal-order', 'no-such-order']) {
      const error = await appErrorOf(fake.manualOrders.confirmManualOrder(id, ADMIN, ctx));
      expect(error.status).toBe(404);
      expect(error.messages).toEqual([MESSAGES.orderNotFound]);
    }
    expect(fake.order('paypal-order')!.status).toBe('APPROVED');
    expect(fake.entitlements).toEqual([]);
  });
});
