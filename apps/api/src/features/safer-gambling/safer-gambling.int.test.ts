import { PAYPAL_APPROVAL_WINDOW_MS, SAFER_GAMBLING_MESSAGES } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
} from '../commerce/commerce.test-support';
import { isExcludedSql, isPurchaseBlocked } from './purchase-guard.repo';

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

async function call(
  user: User | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: user ? await t.bearer(user) : {}, payload });
}

const setLimit = (user: User, period: string, limit: number | null) =>
  call(user, 'PUT', '/api/safer-gambling/limits', { period, limit });

const manualForm = {
  method: 3,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.test',
  country: 'Spain',
  mobile: '+34600111222',
};

/** Every way an account can buy: credits for tips, PayPal credits, PayPal tips, manual tips, manual credits. */
async function everyPurchasePath(user: User, priceCents: number) {
  const [a, b, c] = await createOpenTips(t.database.db, 3, { now: t.clock.now(), priceCents });
  const credits = priceCents / 100;
  return {
    creditsForTips: await call(user, 'POST', '/api/tips/buy', { cart: [a.id] }),
    paypalCredits: await call(user, 'POST', '/api/credits/buy', { Credits: credits }),
    paypalTips: await call(user, 'POST', '/api/tips/purchase/paypal', { cart: [b.id] }),
    manualTips: await call(user, 'POST', '/api/tips/purchase', { ...manualForm, cart: [c.id] }),
    manualCredits: await call(user, 'POST', '/api/credits/request', { credits, method: 4 }),
  };
}

function expectAllRefused(
  responses: Record<string, { statusCode: number; json(): unknown }>,
  message: string,
) {
  for (const [path, response] of Object.entries(responses)) {
    expect({ path, status: response.statusCode, body: response.json() }).toMatchObject({
      path,
      status: 422,
      body: { errors: [message] },
    });
  }
}

describe('spending limits', () => {
  it('refuses a deposit past a limit on every money path, with the limit named; credits still buy', async () => {
    const user = await createUser(t.database.db, { creditBalance: 10_000 });
    expect((await setLimit(user, 'DAY', 20)).statusCode).toBe(200);
    // An open PayPal order reserves its amount.
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 15 })).statusCode).toBe(200);

    const { creditsForTips, ...moneyPaths } = await everyPurchasePath(user, 1_000);
    expectAllRefused(moneyPaths, SAFER_GAMBLING_MESSAGES.limitReached('DAY', '$20.00', '$15.00'));
    // Credits were counted when bought (here: seeded), so spending them passes no deposit limit.
    expect(creditsForTips.statusCode).toBe(200);
    const state = (await call(user, 'GET', '/api/safer-gambling')).json().data;
    expect(state.limits).toContainEqual({ period: 'DAY', limit: 20, spent: 15, pending: null });
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 5 })).statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 1 })).statusCode).toBe(422);
  });

  it('counts credits once, when bought, never again when spent (decision 130)', async () => {
    const user = await createUser(t.database.db);
    await setLimit(user, 'DAY', 30);
    const opened = await call(user, 'POST', '/api/credits/buy', { Credits: 25 });
    const orderId = opened.json().orderId as string;
    await approveAtPaypal(t.app, orderId);
    expect((await call(user, 'POST', '/api/credits/paypal/capture-payment', { orderId })).statusCode).toBe(
      200,
    );
    const tips = await createOpenTips(t.database.db, 2, { now: t.clock.now(), priceCents: 1_200 });
    for (const tip of tips) {
      expect((await call(user, 'POST', '/api/tips/buy', { cart: [tip.id] })).statusCode).toBe(200);
    }
    const state = (await call(user, 'GET', '/api/safer-gambling')).json().data;
    expect(state.limits).toContainEqual({ period: 'DAY', limit: 30, spent: 25, pending: null });
    // A captured order stays counted after the approval window.
    t.clock.advance(PAYPAL_APPROVAL_WINDOW_MS + 60_000);
    const later = (await call(user, 'GET', '/api/safer-gambling')).json().data;
    expect(later.limits).toContainEqual({ period: 'DAY', limit: 30, spent: 25, pending: null });
  });

  it('releases an abandoned PayPal order once PayPal can no longer take the money', async () => {
    const user = await createUser(t.database.db);
    await setLimit(user, 'DAY', 20);
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 15 })).statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 10 })).statusCode).toBe(422);
    t.clock.advance(PAYPAL_APPROVAL_WINDOW_MS - 60_000);
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 10 })).statusCode).toBe(422);
    // No reconciler has run (the order is still CREATED): the rule does not wait for it.
    t.clock.advance(60_000);
    const state = (await call(user, 'GET', '/api/safer-gambling')).json().data;
    expect(state.limits).toContainEqual({ period: 'DAY', limit: 20, spent: 0, pending: null });
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 10 })).statusCode).toBe(200);
  });

  it('counts open PayPal orders and manual requests as reserved, so they cannot be stacked', async () => {
    const user = await createUser(t.database.db);
    await setLimit(user, 'WEEK', 30);
    expect((await call(user, 'POST', '/api/credits/buy', { Credits: 20 })).statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/credits/request', { credits: 10, method: 4 })).statusCode).toBe(
      200,
    );
    const again = await call(user, 'POST', '/api/credits/buy', { Credits: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([SAFER_GAMBLING_MESSAGES.limitReached('WEEK', '$30.00', '$30.00')]);
    // A manual request stays reserved past the PayPal window, until an admin decides it.
    t.clock.advance(PAYPAL_APPROVAL_WINDOW_MS);
    const state = (await call(user, 'GET', '/api/safer-gambling')).json().data;
    expect(state.limits).toContainEqual({ period: 'WEEK', limit: 30, spent: 10, pending: null });
  });

  it('two concurrent deposits cannot both pass a limit', async () => {
    const user = await createUser(t.database.db);
    await setLimit(user, 'MONTH', 20);
    const auth = await t.bearer(user);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/credits/buy', headers: auth, payload: { Credits: 7 } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(8);
  });

  it('a lower limit applies at once; a higher one or none only after 24 hours', async () => {
    const user = await createUser(t.database.db);
    await setLimit(user, 'WEEK', 50);
    // Manual requests: reserved until decided, whatever the clock does.
    const deposit = () => call(user, 'POST', '/api/credits/request', { credits: 15, method: 4 });
    expect((await deposit()).statusCode).toBe(200);

    await setLimit(user, 'WEEK', 20); // lower: at once
    expect((await deposit()).statusCode).toBe(422);

    const raised = (await setLimit(user, 'WEEK', 100)).json().data;
    const week = raised.limits.find((l: { period: string }) => l.period === 'WEEK');
    expect(week.limit).toBe(20);
    expect(week.pending).toEqual({
      limit: 100,
      from: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    t.clock.advance(24 * HOUR - 60_000);
    expect((await deposit()).statusCode).toBe(422);
    t.clock.advance(60_000);
    expect((await deposit()).statusCode).toBe(200);

    await setLimit(user, 'WEEK', 30); // deposited 30: nothing more this week
    expect((await deposit()).statusCode).toBe(422);
    await setLimit(user, 'WEEK', null); // removing the limit is a raise too
    expect((await deposit()).statusCode).toBe(422);
    t.clock.advance(24 * HOUR);
    expect((await deposit()).statusCode).toBe(200);
  });

  it('answers 400 with the contract’s message for a bad limit, 401 without a user', async () => {
    const user = await createUser(t.database.db);
    for (const limit of [0, -5, 0.001, 100_001, 'ten']) {
      const response = await setLimit(user, 'DAY', limit as number);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContain(SAFER_GAMBLING_MESSAGES.limitInvalid);
    }
    expect((await call(null, 'GET', '/api/safer-gambling')).statusCode).toBe(401);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out refuses every purchase path until it ends, and cannot be shortened', async () => {
    const user = await createUser(t.database.db, { creditBalance: 10_000 });
    const started = await call(user, 'POST', '/api/safer-gambling/time-out', { hours: 48 });
    expect(started.statusCode).toBe(200);
    const endsAt = new Date(t.clock.now().getTime() + 48 * HOUR);
    expect(started.json().data.block).toMatchObject({ kind: 'TIME_OUT', endsAt: endsAt.toISOString() });
    expect(await isPurchaseBlocked(t.database.db, user.id, t.clock.now())).toBe(true);
    // The same rule as a predicate, for a set-based sender (the alerts' fan-out).
    const excludedIds = async () => {
      const result = await t.database.db.execute(
        sql`select id from users where id = ${user.id} and ${isExcludedSql(sql`users.id`, t.clock.now())}`,
      );
      return (result as unknown as { rows: unknown[] }).rows.length;
    };
    expect(await excludedIds()).toBe(1);

    const until = `${endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expectAllRefused(await everyPurchasePath(user, 500), SAFER_GAMBLING_MESSAGES.timedOut(until));

    t.clock.advance(HOUR);
    const shorter = await call(user, 'POST', '/api/safer-gambling/time-out', { hours: 24 });
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().errors).toEqual([SAFER_GAMBLING_MESSAGES.blockCannotShorten]);

    t.clock.advance(47 * HOUR);
    expect(await isPurchaseBlocked(t.database.db, user.id, t.clock.now())).toBe(false);
    expect(await excludedIds()).toBe(0);
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 500 });
    expect((await call(user, 'POST', '/api/tips/buy', { cart: [tip.id] })).statusCode).toBe(200);
  });

  it('a self-exclusion holds for its months; admins see it and have no way to lift it', async () => {
    const user = await createUser(t.database.db, { creditBalance: 10_000 });
    const admin = await createUser(t.database.db, { roles: ['user', 'admin'] });
    const excluded = await call(user, 'POST', '/api/safer-gambling/self-exclusion', { months: 6 });
    expect(excluded.statusCode).toBe(200);
    const { block } = excluded.json().data;
    expect(block.kind).toBe('SELF_EXCLUSION');

    const seen = await call(admin, 'GET', `/api/admin/users/${user.id}/safer-gambling`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.block).toEqual(block);
    // No lifting: neither a delete nor a shorter block, from the admin or the user.
    expect((await call(admin, 'DELETE', `/api/admin/users/${user.id}/safer-gambling`)).statusCode).toBe(404);
    expect((await call(user, 'POST', '/api/safer-gambling/time-out', { hours: 24 })).statusCode).toBe(422);
    expect((await call(user, 'GET', `/api/admin/users/${user.id}/safer-gambling`)).statusCode).toBe(403);

    const until = `${block.endsAt.slice(0, 16).replace('T', ' ')} UTC`;
    expectAllRefused(await everyPurchasePath(user, 500), SAFER_GAMBLING_MESSAGES.selfExcluded(until));

    t.clock.set(new Date(new Date(block.endsAt).getTime() + 1));
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 500 });
    expect((await call(user, 'POST', '/api/tips/buy', { cart: [tip.id] })).statusCode).toBe(200);
  });

  it('a PayPal order opened before a time-out is not captured after it', async () => {
    const user = await createUser(t.database.db);
    const opened = await call(user, 'POST', '/api/credits/buy', { Credits: 10 });
    const orderId = opened.json().orderId as string;
    await approveAtPaypal(t.app, orderId);
    await call(user, 'POST', '/api/safer-gambling/time-out', { hours: 24 });
    const captured = await call(user, 'POST', '/api/credits/paypal/capture-payment', { orderId });
    expect(captured.statusCode).toBe(422);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order.status).toBe('FAILED');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.creditBalance).toBe(0);
  });

  it('answers 400 with the contract’s messages for lengths out of range', async () => {
    const user = await createUser(t.database.db);
    for (const hours of [23, 6 * 7 * 24 + 1, 1.5]) {
      const response = await call(user, 'POST', '/api/safer-gambling/time-out', { hours });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContain(SAFER_GAMBLING_MESSAGES.timeOutInvalid);
    }
    for (const months of [5, 61]) {
      const response = await call(user, 'POST', '/api/safer-gambling/self-exclusion', { months });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContain(SAFER_GAMBLING_MESSAGES.selfExclusionInvalid);
    }
  });
});
