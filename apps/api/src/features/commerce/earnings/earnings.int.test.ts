import {
  EARNINGS_MESSAGES,
  type EarningEntryPage,
  type PayoutPage,
  type TipsterEarnings,
} from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInTipster, tokenFor } from '../../../../test/backoffice.test-support';
import { earningsEntries, payouts } from '../../../db/schema';
import { createTip, createUser } from '../../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  expectLedgerInvariants,
  mailTo,
} from '../commerce.test-support';
import { checkLedgerInvariants } from '../ledger/ledger-invariants.test-support';
import { createPayoutWorkerOn } from '../payouts/payouts.services';
import { sandboxPayoutItemEvent } from '../paypal-sandbox/paypal-payouts-emulator.routes';
import { sandboxEvent, signSandboxDelivery } from '../paypal-sandbox/paypal-webhook-emulator';
import { findSandboxPayout } from '../paypal-sandbox/sandbox-payouts.repo';

/**
 * A tipster's money (decisions 170, 171), as the tipster, the buyers, PayPal and an admin see it:
 * sales earn the stated share, pending until the tip settles and the hold passes; a void takes it
 * back; payouts go through the PayPal Payouts emulator and its webhooks; the books balance after
 * every test.
 */

const HOLD_DAYS = 3;
const DAY = 86_400_000;
const START = new Date('2026-11-02T10:00:00.000Z');

let t: CommerceTestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createCommerceTestApp({
    env: { TIPSTER_SHARE_PERCENT: '70', EARNINGS_HOLD_DAYS: String(HOLD_DAYS), PAYOUT_MINIMUM: '5' },
  });
  admin = await signedIn(t, ['user', 'admin']);
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

const silent = { info: () => {}, error: () => {} };
const payoutWorker = () =>
  createPayoutWorkerOn(t.database.db, {
    paypal: t.paypal,
    clock: t.clock,
    terms: t.config.earnings,
    publicUrl: t.config.publicUrl,
    log: silent,
  });

type Caller = { id: number; roles: string[] };

/** A call as `who`, with an access token signed at the test clock's now (the clock jumps days). */
async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, who: Caller, body?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await tokenFor(t, who)}` },
    payload: body as never,
  });
  return { status: response.statusCode, body: response.json() as T, raw: response };
}

async function earningsOf(who: Caller): Promise<TipsterEarnings> {
  const { status, body } = await api<{ data: TipsterEarnings }>('GET', '/api/tipster/earnings', who);
  expect(status).toBe(200);
  return body.data;
}

/** A tipster (signed in) with one open tip at `priceCents`, kicking off in two hours. */
async function tipsterWithTip(priceCents: number) {
  t.clock.set(START);
  const tipster = await signedInTipster(t);
  const tip = await createTip(t.database.db, { tipsterId: tipster.tipster.id, now: START, priceCents });
  return { ...tipster, tip };
}

async function buyWithCredits(tipId: number, priceCents: number) {
  const buyer = await createUser(t.database.db, { creditBalance: priceCents });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tips/buy',
    headers: await t.bearer(buyer),
    payload: { cart: [tipId] },
  });
  expect(response.statusCode).toBe(200);
  return buyer;
}

async function buyWithPaypal(tipId: number) {
  const buyer = await createUser(t.database.db);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/tips/purchase/paypal',
    headers: await t.bearer(buyer),
    payload: { cart: [tipId] },
  });
  expect(opened.statusCode).toBe(200);
  const { orderId } = opened.json() as { orderId: string };
  await approveAtPaypal(t.app, orderId);
  const captured = await t.app.inject({
    method: 'POST',
    url: '/api/tips/paypal/capture',
    headers: await t.bearer(buyer),
    payload: { orderId },
  });
  expect(captured.statusCode).toBe(200);
  return buyer;
}

async function settle(tipId: number, result: 'WIN' | 'LOSS' | 'VOID') {
  const response = await api('POST', `/api/admin/tips/${tipId}/settle`, admin.user, {
    result,
    resultDetails: result === 'VOID' ? 'Abandoned' : 'FT 1-0',
  });
  expect(response.status).toBe(200);
}

/** A tipster whose $50 tip sold once by PayPal and settled beyond the hold: $35.00 available. */
async function tipsterWithAvailable(paypalEmail: string) {
  const seller = await tipsterWithTip(5000);
  await buyWithPaypal(seller.tip.id);
  t.clock.set(new Date(START.getTime() + 3 * 3600_000));
  await settle(seller.tip.id, 'WIN');
  t.clock.set(new Date(START.getTime() + (HOLD_DAYS + 1) * DAY));
  if (paypalEmail) {
    const set = await api('PUT', '/api/tipster/payout-account', seller.user, { paypalEmail });
    expect(set.status).toBe(200);
  }
  return seller;
}

async function deliverWebhook(event: object) {
  const delivery = signSandboxDelivery(t.config.jwt.secret, t.config.paypal.webhookId!, event, t.clock.now());
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/paypal/webhooks',
    headers: delivery.headers,
    payload: delivery.body,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { outcome: string; duplicate: boolean };
}

describe('earnings from sales', () => {
  it('credits 70 % of a $19 PayPal sale and of 19 credits valued at $0.75 each, pending until settled', async () => {
    const seller = await tipsterWithTip(1900);
    await buyWithPaypal(seller.tip.id);
    await buyWithCredits(seller.tip.id, 1900);

    // $19 by PayPal: $13.30; 19 credits = $14.25 of money at the deepest discount: $9.97.
    expect(await earningsOf(seller.user)).toMatchObject({
      pending: 23.27,
      available: 0,
      paidOut: 0,
      sharePercent: 70,
      holdDays: HOLD_DAYS,
      creditValueCents: 75,
    });
    const entries = await api<EarningEntryPage>('GET', '/api/tipster/earnings/entries', seller.user);
    expect(entries.body.data.map((e) => [e.kind, e.amount, e.buyerPaid, e.paidWith])).toEqual([
      ['sale', 9.97, 14.25, 'credits'],
      ['sale', 13.3, 19, 'paypal'],
    ]);
    // The platform's commission is the rest of each sale.
    const rows = await t.database.db
      .select()
      .from(earningsEntries)
      .where(eq(earningsEntries.tipId, seller.tip.id));
    expect(rows.map((r) => r.platformCents).sort((a, b) => a - b)).toEqual([428, 570]);
  });

  it('moves earnings from pending to available once the tip settled and the hold passed', async () => {
    const seller = await tipsterWithTip(1000);
    await buyWithPaypal(seller.tip.id);
    const kickoffPlus = new Date(START.getTime() + 3 * 3600_000);
    t.clock.set(kickoffPlus);
    expect(await earningsOf(seller.user)).toMatchObject({ pending: 7, available: 0 });

    await settle(seller.tip.id, 'LOSS');
    expect(await earningsOf(seller.user)).toMatchObject({ pending: 7, available: 0 });

    t.clock.set(new Date(kickoffPlus.getTime() + HOLD_DAYS * DAY - 60_000));
    expect(await earningsOf(seller.user)).toMatchObject({ pending: 7, available: 0 });
    t.clock.set(new Date(kickoffPlus.getTime() + HOLD_DAYS * DAY + 60_000));
    expect(await earningsOf(seller.user)).toMatchObject({ pending: 0, available: 7 });
  });

  it('takes the shares of both sales back when the tip is voided', async () => {
    const seller = await tipsterWithTip(2000);
    await buyWithCredits(seller.tip.id, 2000);
    await buyWithPaypal(seller.tip.id);
    t.clock.set(new Date(START.getTime() + 3 * 3600_000));
    await settle(seller.tip.id, 'VOID');

    expect(await earningsOf(seller.user)).toMatchObject({ pending: 0, available: 0 });
    const entries = await api<EarningEntryPage>('GET', '/api/tipster/earnings/entries', seller.user);
    expect(
      entries.body.data
        .filter((e) => e.kind === 'void')
        .map((e) => e.amount)
        .sort((a, b) => a - b),
    ).toEqual([-14, -10.5]);
    // The books: what the two buyers paid ($20 + 20 credits at $0.75) = shares + commission + refunds.
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });

  it('takes the share back when PayPal reverses the payment, and carries a negative balance', async () => {
    const seller = await tipsterWithAvailable('');
    const [sale] = await t.database.db
      .select()
      .from(earningsEntries)
      .where(eq(earningsEntries.tipsterId, seller.tipster.id));
    const [order] = (
      (await t.database.db.execute(
        `select provider_capture_id from orders where id = '${sale.orderId}'`,
      )) as unknown as { rows: Array<{ provider_capture_id: string }> }
    ).rows;
    const reversed = await deliverWebhook(
      sandboxEvent('reversed', {
        captureId: order.provider_capture_id,
        amountCents: 5000,
        now: t.clock.now(),
      }),
    );
    expect(reversed.outcome).toBe('reversed');
    expect(await earningsOf(seller.user)).toMatchObject({ pending: 0, available: 0 });
  });
});

describe('the books', () => {
  it('name a lost cent and a voided tip whose share was not taken back', async () => {
    const seller = await tipsterWithTip(1000);
    await buyWithPaypal(seller.tip.id);
    const [sale] = await t.database.db
      .select()
      .from(earningsEntries)
      .where(eq(earningsEntries.tipId, seller.tip.id));
    class Rollback extends Error {}
    const problemsAfter = async (
      tamper: (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0]) => Promise<unknown>,
    ) => {
      let problems: string[] = [];
      await t.database.db
        .transaction(async (tx) => {
          await tamper(tx);
          problems = await checkLedgerInvariants(tx);
          throw new Rollback();
        })
        .catch((error) => {
          if (!(error instanceof Rollback)) throw error;
        });
      return problems;
    };
    // A take-back that gives the buyer one cent less than the share and commission it removes.
    expect(
      await problemsAfter((tx) =>
        tx.insert(earningsEntries).values({
          ...sale,
          id: undefined,
          kind: 'refund',
          tipsterCents: -sale.tipsterCents,
          platformCents: -sale.platformCents,
          refundCents: sale.tipsterCents + sale.platformCents - 1,
          idempotencyKey: `back:${sale.orderId}:${sale.tipId}`,
        }),
      ),
    ).toEqual([
      `order ${sale.orderId} tip ${sale.tipId}: shares + commission + refunds = 999, but the buyer paid 1000 (1 take-backs)`,
    ]);
    // The tip voided with its share still standing.
    expect(
      await problemsAfter((tx) =>
        tx.execute(
          `update tips set result = 'VOID', outcome = 'VOID', result_details = 'x', settled_at = now() where id = ${seller.tip.id}`,
        ),
      ),
    ).toContain(
      `order ${sale.orderId} tip ${sale.tipId}: voided or revoked but its earnings were not taken back`,
    );
  });
});

describe('payouts', () => {
  it('pays available earnings through PayPal Payouts: the balance falls by exactly the amount', async () => {
    const seller = await tipsterWithAvailable('seller.paid@example.test');
    expect(await earningsOf(seller.user)).toMatchObject({
      available: 35,
      paypalEmail: 'seller.paid@example.test',
    });

    const requested = await api<{ data: { id: number; amount: number; status: string } }>(
      'POST',
      '/api/tipster/payouts',
      seller.user,
      { amount: 30 },
    );
    expect(requested.status).toBe(201);
    expect(requested.body.data).toMatchObject({ amount: 30, status: 'REQUESTED' });
    expect(await earningsOf(seller.user)).toMatchObject({ available: 5, paidOut: 30 });

    expect(await payoutWorker().processDue()).toMatchObject({ sent: 1 });
    const list = await api<PayoutPage>('GET', '/api/tipster/payouts', seller.user);
    expect(list.body.data.map((p) => [p.id, p.amount, p.status])).toEqual([
      [requested.body.data.id, 30, 'SUCCEEDED'],
    ]);
    expect(await earningsOf(seller.user)).toMatchObject({ available: 5, paidOut: 30 });
    const mail = await mailTo(t.database.db, seller.user.email);
    expect(mail.filter((m) => m.template === 'payout-sent')).toHaveLength(1);

    // Sent again (a lost answer): PayPal refuses the sender_batch_id and nothing is paid twice.
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, requested.body.data.id));
    const again = await t.paypal.createPayout({
      senderBatchId: row.senderBatchId,
      senderItemId: `payout-${row.id}`,
      receiverEmail: row.receiver,
      amount: { currency: 'USD', cents: row.amountCents },
      note: 'retry',
      emailSubject: 'retry',
    });
    expect(again).toEqual({ batchId: row.providerBatchId, status: 'PENDING', duplicate: true });
    expect(await earningsOf(seller.user)).toMatchObject({ available: 5, paidOut: 30 });
  });

  it('restores a failed payout exactly once, whatever PayPal replays', async () => {
    const seller = await tipsterWithAvailable('seller+fail@example.test');
    const requested = await api<{ data: { id: number } }>('POST', '/api/tipster/payouts', seller.user, {
      amount: 20,
    });
    expect(requested.status).toBe(201);
    expect(await earningsOf(seller.user)).toMatchObject({ available: 15 });

    await payoutWorker().processDue();
    expect(await earningsOf(seller.user)).toMatchObject({ available: 35, paidOut: 0 });
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, requested.body.data.id));
    expect(row.status).toBe('FAILED');

    // The same event delivered again, and a new FAILED event about the same item: nothing moves.
    const batch = (await findSandboxPayout(t.database.db, { senderBatchId: row.senderBatchId }))!;
    const event = sandboxPayoutItemEvent(batch, 'FAILED', t.clock.now());
    expect(await deliverWebhook(event)).toMatchObject({ outcome: 'payout:unchanged' });
    expect(await deliverWebhook(event)).toMatchObject({ duplicate: true });
    expect(await deliverWebhook(sandboxPayoutItemEvent(batch, 'RETURNED', t.clock.now()))).toMatchObject({
      outcome: 'payout:unchanged',
    });
    expect(await earningsOf(seller.user)).toMatchObject({ available: 35, paidOut: 0 });
    const mail = await mailTo(t.database.db, seller.user.email);
    expect(mail.filter((m) => m.template === 'payout-failed')).toHaveLength(1);
  });

  it('restores a payout PayPal returned after paying it, once', async () => {
    const seller = await tipsterWithAvailable('seller+returned@example.test');
    await api('POST', '/api/tipster/payouts', seller.user, { amount: 35 });
    await payoutWorker().processDue();
    const list = await api<PayoutPage>('GET', '/api/tipster/payouts', seller.user);
    expect(list.body.data[0].status).toBe('RETURNED');
    expect(await earningsOf(seller.user)).toMatchObject({ available: 35, paidOut: 0 });
  });

  it('never pays more than is available, even to 10 concurrent requests', async () => {
    const seller = await tipsterWithAvailable('seller.race@example.test');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<{ errors?: string[] }>('POST', '/api/tipster/payouts', seller.user, { amount: 10 }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body.errors).toEqual([EARNINGS_MESSAGES.aboveAvailable]);
    expect(await earningsOf(seller.user)).toMatchObject({ available: 5, paidOut: 30 });
  });

  it('refuses a payout below the minimum, above what is available, without an address, or unverified', async () => {
    const noAccount = await tipsterWithAvailable('');
    const refused = await api<{ errors: string[] }>('POST', '/api/tipster/payouts', noAccount.user, {
      amount: 10,
    });
    expect([refused.status, refused.body.errors]).toEqual([422, [EARNINGS_MESSAGES.noPayoutAccount]]);

    const seller = await tipsterWithAvailable('seller.rules@example.test');
    for (const [amount, message] of [
      [4.99, EARNINGS_MESSAGES.belowMinimum],
      [35.01, EARNINGS_MESSAGES.aboveAvailable],
    ] as const) {
      const r = await api<{ errors: string[] }>('POST', '/api/tipster/payouts', seller.user, { amount });
      expect([r.status, r.body.errors]).toEqual([422, [message]]);
    }

    const unverified = await signedInTipster(t);
    await t.database.db.execute(`update users set email_verified = false where id = ${unverified.user.id}`);
    const forbidden = await api<{ errors: string[] }>('POST', '/api/tipster/payouts', unverified.user, {
      amount: 10,
    });
    expect([forbidden.status, forbidden.body.errors]).toEqual([403, [EARNINGS_MESSAGES.unverified]]);
    expect(await earningsOf(seller.user)).toMatchObject({ available: 35, paidOut: 0 });
  });

  it('lets an admin hold a payout with a reason (audited) so it is not sent until released', async () => {
    const seller = await tipsterWithAvailable('seller.held@example.test');
    const requested = await api<{ data: { id: number } }>('POST', '/api/tipster/payouts', seller.user, {
      amount: 10,
    });
    const held = await api<{ data: { status: string; holdReason: string } }>(
      'POST',
      `/api/admin/payouts/${requested.body.data.id}/hold`,
      admin.user,
      { reason: 'Checking the receiver address' },
    );
    expect(held.body.data).toMatchObject({ status: 'HELD', holdReason: 'Checking the receiver address' });
    await payoutWorker().processDue();
    const [stillHeld] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, requested.body.data.id));
    expect([stillHeld.status, stillHeld.providerBatchId]).toEqual(['HELD', null]);
    const [audit] = (
      (await t.database.db.execute(
        `select action, after from audit_log where entity = 'payout' and entity_id = '${requested.body.data.id}'`,
      )) as unknown as { rows: Array<{ action: string }> }
    ).rows;
    expect(audit.action).toBe('payout.held');

    const queue = await api<{ data: Array<{ id: number; status: string }> }>(
      'GET',
      '/api/admin/payouts?status=HELD',
      admin.user,
    );
    expect(queue.body.data.map((p) => p.id)).toContain(requested.body.data.id);
    await api('POST', `/api/admin/payouts/${requested.body.data.id}/release`, admin.user);
    expect(await payoutWorker().processDue()).toMatchObject({ sent: 1 });

    const revenue = await api<{ data: Array<{ paid: number; commission: number }> }>(
      'GET',
      '/api/admin/revenue',
      admin.user,
    );
    expect(revenue.status).toBe(200);
    expect(revenue.body.data[0].commission).toBeGreaterThan(0);
  });

  it('refuses a payout while the balance is negative', async () => {
    const seller = await tipsterWithAvailable('seller.negative@example.test');
    await api('POST', '/api/tipster/payouts', seller.user, { amount: 35 });
    // The paid-out tip's buyer wins a dispute at PayPal: the $35 share is taken back from nothing.
    const [sale] = await t.database.db
      .select()
      .from(earningsEntries)
      .where(eq(earningsEntries.tipsterId, seller.tipster.id));
    const [order] = (
      (await t.database.db.execute(
        `select provider_capture_id from orders where id = '${sale.orderId}'`,
      )) as unknown as { rows: Array<{ provider_capture_id: string }> }
    ).rows;
    await deliverWebhook(
      sandboxEvent('dispute-resolved-buyer', {
        captureId: order.provider_capture_id,
        amountCents: 5000,
        now: t.clock.now(),
      }),
    );
    expect(await earningsOf(seller.user)).toMatchObject({ available: -35, paidOut: 35 });
    // New earnings arrive but the balance stays negative: still refused.
    const r = await api<{ errors: string[] }>('POST', '/api/tipster/payouts', seller.user, { amount: 5 });
    expect([r.status, r.body.errors]).toEqual([422, [EARNINGS_MESSAGES.negativeBalance]]);
  });

  it('sends a monthly statement as CSV whose share column adds up to the month', async () => {
    const seller = await tipsterWithAvailable('seller.csv@example.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tipster/earnings/statement?month=2026-11',
      headers: { authorization: `Bearer ${await tokenFor(t, seller.user)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,tip,match,paid_with,buyer_paid,your_share,payout');
    expect(lines[1]).toContain(',sale,');
    expect(lines.at(-1)).toBe('total,,,,,,35.00,');
  });
});
