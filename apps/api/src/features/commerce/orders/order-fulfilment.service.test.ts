import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../lib/app-error.test-support';
import { createFakeCommerce, fakeOrder, fakeTip, NOW } from '../commerce-fakes.test-support';
import { CART_PROBLEMS } from '../commerce-messages';
import type { OrderRow } from './orders.repo';

/**
 * Granting what an order bought, on fake repositories (no database): only a paid order is granted,
 * a tip is never granted twice, and money taken for a tip the buyer already had comes back once.
 * On PGlite/PostgreSQL the same grant runs in every purchase test (credits, PayPal, manual).
 */

const BUYER = { id: 7, email: 'buyer@example.test', firstName: 'Bo', language: 'de', balanceCents: 0 };
const ctx = { now: NOW, publicUrl: 'https://tips.example' };

function shop() {
  return createFakeCommerce({ accounts: [BUYER], tips: [fakeTip(1, 1_250), fakeTip(2, 300)] });
}

const paypalTips = (status: OrderRow['status'], overrides: Partial<OrderRow> = {}) =>
  fakeOrder({
    id: 'order-tips',
    userId: BUYER.id,
    provider: 'paypal',
    type: 'TIPS',
    status,
    amountCents: 1_550,
    ...overrides,
  });
const creditsOrder = (status: OrderRow['status']) =>
  fakeOrder({
    id: 'order-credits',
    userId: BUYER.id,
    provider: 'paypal',
    type: 'CREDITS',
    status,
    amountCents: 9_000,
    creditsCents: 10_000,
  });

describe('fulfilling an order', () => {
  it.each(['CREATED', 'APPROVED', 'PENDING', 'FAILED', 'REJECTED'] as const)(
    'an order that is %s (not paid) grants nothing: no tip, no credits, no email',
    async (status) => {
      const fake = shop();
      for (const order of [paypalTips(status), creditsOrder(status)]) {
        fake.seedOrder(order, order.type === 'TIPS' ? [1, 2] : []);
        await expect(fake.fulfilment.fulfilOrder(fake.tx, order, ctx)).rejects.toThrow(/not COMPLETED/);
      }
      expect(fake.entitlements).toEqual([]);
      expect(fake.ledger).toEqual([]);
      expect(fake.balanceOf(BUYER.id)).toBe(0);
      expect(fake.emails).toEqual([]);
    },
  );

  it('a paid tips order gives the buyer every tip and one email with the selections', async () => {
    const fake = shop();
    const order = paypalTips('COMPLETED');
    fake.seedOrder(order, [1, 2]);
    await fake.fulfilment.fulfilOrder(fake.tx, order, ctx);
    expect(fake.entitlements.map((e) => [e.userId, e.tipId, e.source])).toEqual([
      [BUYER.id, 1, 'paypal'],
      [BUYER.id, 2, 'paypal'],
    ]);
    expect(fake.emails.map((e) => [e.to, e.template])).toEqual([[BUYER.email, 'tips-purchased']]);
    expect(fake.emails[0]!.text).toContain('Selection 2');
  });

  it('a paid credits order fulfilled twice (a replay) credits the account once', async () => {
    const fake = shop();
    const order = creditsOrder('COMPLETED');
    fake.seedOrder(order);
    expect(await fake.fulfilment.fulfilOrder(fake.tx, order, ctx)).toEqual({ balanceCents: 10_000 });
    expect(await fake.fulfilment.fulfilOrder(fake.tx, order, ctx)).toEqual({ balanceCents: 10_000 });
    expect(fake.balanceOf(BUYER.id)).toBe(10_000);
    expect(fake.ledger.map((e) => [e.reason, e.amountCents])).toEqual([['credit_purchase', 10_000]]);
    expect(fake.emails.map((e) => e.template)).toEqual(['credits-receipt']);
  });
});

describe('granting tips the buyer may already own', () => {
  const earlier = { userId: BUYER.id, email: null, tipId: 1, orderId: 'earlier', source: 'credits' };
  const buyer = { userId: BUYER.id, email: BUYER.email, firstName: BUYER.firstName, language: 'de' };

  it('paid by PayPal: the owned tip is not granted again, and its price comes back as credits', async () => {
    const fake = shop();
    fake.grant(earlier);
    const input = {
      order: { id: 'order-tips', amountCents: 1_550 },
      lines: [fakeTip(1, 1_250), fakeTip(2, 300)],
      buyer,
      source: 'paypal' as const,
    };
    expect(await fake.fulfilment.grantTips(fake.tx, input, ctx)).toEqual({ refundedCents: 1_250 });
    expect(fake.entitlements.filter((e) => e.tipId === 1)).toHaveLength(1);
    expect(fake.entitlements.filter((e) => e.tipId === 2)).toHaveLength(1);
    expect(fake.ledger.map((e) => [e.reason, e.amountCents])).toEqual([['refund', 1_250]]);
    expect(fake.balanceOf(BUYER.id)).toBe(1_250);
  });

  it('paid with credits: the purchase is refused (409) and, rolled back, grants nothing', async () => {
    const fake = shop();
    fake.grant(earlier);
    const error = await appErrorOf(
      fake.transaction((tx) =>
        fake.fulfilment.grantTips(
          tx,
          {
            order: { id: 'order-credits', amountCents: 1_550 },
            lines: [fakeTip(2, 300), fakeTip(1, 1_250)],
            buyer,
            source: 'credits',
          },
          ctx,
        ),
      ),
    );
    expect(error.status).toBe(409);
    expect(error.messages).toEqual([CART_PROBLEMS.owned('Home 1 vs Away 1')]);
    expect(fake.entitlements).toEqual([earlier]);
    expect(fake.ledger).toEqual([]);
    expect(fake.emails).toEqual([]);
  });

  it('a visitor who already received a tip by this address is not granted it twice (no account to credit)', async () => {
    const fake = shop();
    const visitor = { userId: null, email: 'v@example.test', tipId: 1, orderId: 'earlier', source: 'manual' };
    fake.grant(visitor);
    const result = await fake.fulfilment.grantTips(
      fake.tx,
      {
        order: { id: 'order-visitor', amountCents: 1_550 },
        lines: [fakeTip(1, 1_250), fakeTip(2, 300)],
        buyer: { userId: null, email: 'V@example.test', firstName: null, language: 'en' },
        source: 'manual',
      },
      ctx,
    );
    expect(result).toEqual({ refundedCents: 0 });
    expect(fake.entitlements.map((e) => [e.tipId, e.orderId])).toEqual([
      [1, 'earlier'],
      [2, 'order-visitor'],
    ]);
    expect(fake.ledger).toEqual([]);
  });
});
