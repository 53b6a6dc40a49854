import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettledTip, createTipster, createUser } from '../../../db/seed/factories';
import { type CommerceTestApp, createCommerceTestApp } from '../commerce.test-support';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());

describe('follows', () => {
  it('follows and unfollows idempotently, and lists followed tipsters with their record', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const auth = await t.bearer(user);
    const tipster = await createTipster(db, { name: 'Jo Kicks' });
    const other = await createTipster(db, { name: 'Sam Odds' });
    const now = t.clock.now();
    await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(now.getTime() - 2 * 86_400_000),
    });
    await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'LOSS',
      eventTime: new Date(now.getTime() - 86_400_000),
    });

    for (let i = 0; i < 2; i++) {
      const followed = await t.app.inject({
        method: 'POST',
        url: `/api/tipsters/follow/${tipster.id}`,
        headers: auth,
      });
      expect(followed.statusCode).toBe(200);
      expect(followed.json()).toEqual({ ok: true, message: MESSAGES.followed('Jo Kicks') });
    }
    // An empty JSON body, as some HTTP clients send on these calls.
    const withHeader = await t.app.inject({
      method: 'POST',
      url: `/api/tipsters/follow/${other.id}`,
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(withHeader.statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/tipsters/following', headers: auth });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.map((d: { id: number }) => d.id).sort()).toEqual([tipster.id, other.id].sort());
    expect(data.find((d: { id: number }) => d.id === tipster.id)).toMatchObject({
      name: 'Jo Kicks',
      isFollowed: true,
      totalWins: 1,
      totalLosses: 1,
      results: [false, true],
    });

    for (let i = 0; i < 2; i++) {
      const unfollowed = await t.app.inject({
        method: 'DELETE',
        url: `/api/tipsters/follow/${tipster.id}`,
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(unfollowed.statusCode).toBe(200);
      expect(unfollowed.json().message).toBe(MESSAGES.unfollowed('Jo Kicks'));
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/tipsters/following', headers: auth });
    expect(after.json().data.map((d: { id: number }) => d.id)).toEqual([other.id]);
  });

  it('answers 404 for an unknown tipster, 400 for a bad id, 401 without a user, 422 for one’s own profile', async () => {
    const db = t.database.db;
    const user = await createUser(db, { roles: ['user', 'tipster'] });
    const own = await createTipster(db, { userId: user.id });
    const auth = await t.bearer(user);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tipsters/follow/999999', headers: auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/tipsters/follow/999999', headers: auth }))
        .statusCode,
    ).toBe(404);
    // Beyond the integer column's range: not an id (400, decision 080), never a database error.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/tipsters/follow/9007199254740991',
      headers: auth,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual([MESSAGES.invalidId]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/tipsters/follow/abc', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([MESSAGES.invalidId]);
    expect((await t.app.inject({ method: 'POST', url: `/api/tipsters/follow/${own.id}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/tipsters/following' })).statusCode).toBe(401);
    const self = await t.app.inject({ method: 'POST', url: `/api/tipsters/follow/${own.id}`, headers: auth });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual([MESSAGES.cannotFollowSelf]);
  });
});

describe('OpenAPI', () => {
  it('describes every commerce route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/credits/buy',
        '/api/credits/paypal/capture-payment',
        '/api/credits/request',
        '/api/tips/buy',
        '/api/tips/purchase/paypal',
        '/api/tips/paypal/capture',
        '/api/tips/purchase',
        '/api/tips/running',
        '/api/tips/history',
        '/api/tips/following',
        '/api/tipsters/following',
        '/api/tipsters/follow/{id}',
        '/api/sandbox/paypal/orders/{id}/approve',
      ]),
    );
  });
});
