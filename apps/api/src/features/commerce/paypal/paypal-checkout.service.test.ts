import { MESSAGES } from '@tips/contract';
import { describe, expect, it } from 'vitest';
import { unprocessable } from '../../../lib/app-error';
import { appErrorOf } from '../../../lib/app-error.test-support';
import { createTestClock } from '../../../lib/clock';
import { createFakeCommerce, fakeTip, NOW } from '../commerce-fakes.test-support';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import { PaypalError, type PaypalOrder, type PaypalPort } from './paypal.port';
import { createPaypalCheckout } from './paypal-checkout';

/**
 * PayPal checkout on fake repositories and a fake PayPal (no database, no HTTP): money is granted
 * only for a capture PayPal completed for exactly the order's amount, once, and only to the order's
 * own buyer. The same flows through the real REST adapter and the emulator, on PGlite/PostgreSQL,
 * are paypal-checkout.int.test.ts and paypal-reconciler.int.test.ts.
 */

const BUYER = { id: 7, email: 'buyer@example.test', firstName: 'Bo', language: 'de', balanceCents: 0 };
const OTHER = { id: 8, email: 'other@example.test', firstName: 'Ola', language: 'en', balanceCents: 0 };
const silent = { info() {}, warn() {}, error() {} };

type CaptureBehaviour = 'complete' | 'declined' | 'other-amount';

/** PayPal as the shop sees it: orders the buyer approves, and a capture that does what it is told. */
function fakePaypal() {
  const orders = new Map<string, PaypalOrder>();
  const calls = { captures: 0, creates: 0 };
  let behaviour: CaptureBehaviour = 'complete';
  const port: PaypalPort = {
    async createOrder(input) {
      calls.creates++;
      const order: PaypalOrder = {
        id: `PP-${input.referenceId}`,
        status: 'CREATED',
        amount: { currency: input.currency, cents: input.amountCents },
        payerEmail: null,
        captures: [],
      };
      orders.set(order.id, order);
      return structuredClone(order);
    },
    async getOrder(id) {
      const order = orders.get(id);
      if (!order) throw new PaypalError('not-found', 'unknown order');
      return structuredClone(order);
    },
    async captureOrder(id) {
      calls.captures++;
      const order = orders.get(id)!;
      if (order.status === 'COMPLETED') throw new PaypalError('already-captured', 'captured before');
      if (behaviour === 'declined')
        throw new PaypalError('declined', 'card refused', { issue: 'INSTRUMENT_DECLINED' });
      const cents = order.amount!.cents + (behaviour === 'other-amount' ? 1 : 0);
      order.status = 'COMPLETED';
      order.captures = [{ id: `CAP-${id}`, status: 'COMPLETED', amount: { currency: 'USD', cents } }];
      return structuredClone(order);
    },
    refundCapture: () => Promise.reject(new Error('not used')),
    verifyWebhookSignature: () => Promise.reject(new Error('not used')),
    createPayout: () => Promise.reject(new Error('not used')),
  };
  return {
    port,
    calls,
    approve(id: string, payerEmail = BUYER.email) {
      Object.assign(orders.get(id)!, { status: 'APPROVED', payerEmail });
    },
    captureWill(next: CaptureBehaviour) {
      behaviour = next;
    },
  };
}

function shop() {
  const fake = createFakeCommerce({ accounts: [BUYER, OTHER], tips: [fakeTip(1, 1_250), fakeTip(2, 300)] });
  const paypal = fakePaypal();
  const checkout = createPaypalCheckout({
    transaction: fake.transaction,
    repo: fake.repo,
    fulfilment: fake.fulfilment,
    clock: createTestClock(NOW),
    paypal: paypal.port,
    publicUrl: 'https://tips.example',
    log: silent,
  });
  return { fake, paypal, checkout };
}

/** A signed-in buyer opens a PayPal order for tips 1 and 2 and approves it at PayPal. */
async function approvedTipsOrder() {
  const s = shop();
  const providerId = await s.checkout.openTipsOrder(BUYER.id, [1, 2]);
  s.paypal.approve(providerId);
  return { ...s, providerId };
}

describe('capturing a PayPal order', () => {
  it('a capture PayPal declines grants nothing: the order fails and the buyer is told the payment failed', async () => {
    const { fake, paypal, checkout, providerId } = await approvedTipsOrder();
    paypal.captureWill('declined');
    const error = await appErrorOf(checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' }));
    expect(error.status).toBe(422);
    expect(error.messages).toEqual([MESSAGES.paymentFailed]);
    expect(fake.orders.map((o) => o.status)).toEqual(['FAILED']);
    expect(fake.entitlements).toEqual([]);
    expect(fake.emails).toEqual([]);
    // Trying again does not reach PayPal a second time, and still grants nothing.
    expect((await appErrorOf(checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' }))).status).toBe(
      422,
    );
    expect(paypal.calls.captures).toBe(1);
    expect(fake.entitlements).toEqual([]);
  });

  it('a declined credits capture credits nothing', async () => {
    const { fake, paypal, checkout } = shop();
    const providerId = await checkout.openCreditsOrder(BUYER.id, 100);
    paypal.approve(providerId);
    paypal.captureWill('declined');
    expect(
      (await appErrorOf(checkout.capture(providerId, { userId: BUYER.id, type: 'CREDITS' }))).status,
    ).toBe(422);
    expect(fake.balanceOf(BUYER.id)).toBe(0);
    expect(fake.ledger).toEqual([]);
  });

  it('a capture of another amount than the order’s grants nothing and fails the order', async () => {
    const { fake, paypal, checkout, providerId } = await approvedTipsOrder();
    paypal.captureWill('other-amount');
    const error = await appErrorOf(checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' }));
    expect(error.messages).toEqual([COMMERCE_MESSAGES.paymentAmountMismatch]);
    expect(fake.orders.map((o) => o.status)).toEqual(['FAILED']);
    expect(fake.entitlements).toEqual([]);
  });

  it('a buyer who started a time-out after opening the order is not charged and gets nothing', async () => {
    const { fake, paypal, checkout, providerId } = await approvedTipsOrder();
    fake.refusePurchases(unprocessable('Your time-out is active.'));
    const error = await appErrorOf(checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' }));
    expect(error.messages).toEqual(['Your time-out is active.']);
    expect(paypal.calls.captures).toBe(0);
    expect(fake.orders.map((o) => o.status)).toEqual(['FAILED']);
    expect(fake.entitlements).toEqual([]);
  });

  it('an approved order captured twice is granted once, and both calls see the same completed order', async () => {
    const { fake, checkout, providerId } = await approvedTipsOrder();
    const first = await checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' });
    const second = await checkout.capture(providerId, { userId: BUYER.id, type: 'TIPS' });
    expect(first).toMatchObject({ tipIds: [1, 2], order: { status: 'COMPLETED' } });
    expect(second).toEqual(first);
    expect(fake.entitlements.map((e) => [e.userId, e.tipId, e.source])).toEqual([
      [BUYER.id, 1, 'paypal'],
      [BUYER.id, 2, 'paypal'],
    ]);
    expect(fake.emails.map((e) => e.template)).toEqual(['tips-purchased']);
  });

  it('another account cannot capture the order, nor capture it through the credits endpoint: 404, nothing granted', async () => {
    const { fake, paypal, checkout, providerId } = await approvedTipsOrder();
    for (const caller of [
      { userId: OTHER.id, type: 'TIPS' as const },
      { userId: null, type: 'TIPS' as const },
      { userId: BUYER.id, type: 'CREDITS' as const },
    ]) {
      const error = await appErrorOf(checkout.capture(providerId, caller));
      expect(error.status).toBe(404);
    }
    expect(paypal.calls.captures).toBe(0);
    expect(fake.orders.map((o) => o.status)).toEqual(['CREATED']);
    expect(fake.entitlements).toEqual([]);
  });
});

describe('opening a PayPal credits order', () => {
  it.each([0, 2.5, 100_001])(
    'refuses %s credits with the contract’s message; nothing is opened here or at PayPal',
    async (credits) => {
      const { fake, paypal, checkout } = shop();
      const error = await appErrorOf(checkout.openCreditsOrder(BUYER.id, credits));
      expect(error.status).toBe(400);
      expect(error.messages).toEqual([MESSAGES.creditsOutOfRange]);
      expect(fake.orders).toEqual([]);
      expect(paypal.calls.creates).toBe(0);
    },
  );

  it('prices the credits by the credit-pack rule, whatever the browser shows', async () => {
    const { fake, checkout } = shop();
    await checkout.openCreditsOrder(BUYER.id, 500);
    expect(fake.orders).toMatchObject([
      { type: 'CREDITS', status: 'CREATED', amountCents: 45_000, creditsCents: 50_000 },
    ]);
  });
});
