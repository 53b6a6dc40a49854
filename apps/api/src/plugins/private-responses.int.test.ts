import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories';
import { login, post, registerUser } from '../features/accounts/accounts.test-support';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
} from '../features/commerce/commerce.test-support';

// Issue 29.6 (decision 113): login and refresh token responses, the profile, purchased tips with
// their selections, notifications and the tipster portal were sent without Cache-Control, so a
// shared cache or the browser's disk could keep them. Every authenticated or token-bearing API
// response now says no-store.
let t: CommerceTestApp;
beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());

const cacheControl = (response: { headers: Record<string, unknown> }) => response.headers['cache-control'];

describe('private responses are never stored', () => {
  it('token-bearing answers: login, refresh, language hand-off', async () => {
    const reg = await registerUser(t.app);
    const loggedIn = await post(t.app, '/api/users/login', {
      Username: reg.Username,
      Password: reg.Password,
      RecaptchaToken: 't',
    });
    expect(loggedIn.statusCode).toBe(200);
    expect(cacheControl(loggedIn)).toBe('no-store');
    const { refreshToken, accessToken } = await login(t.app, reg.Username, reg.Password);
    const refreshed = await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect(cacheControl(refreshed)).toBe('no-store');
    const handoff = await post(t.app, '/api/users/handoff', undefined, { token: accessToken });
    expect(cacheControl(handoff)).toBe('no-store');
    const redeemed = await post(t.app, '/api/users/handoff/redeem', { code: handoff.json().code });
    expect(redeemed.statusCode).toBe(200);
    expect(cacheControl(redeemed)).toBe('no-store');
  });

  it('signed-in reads: profile, purchased tips with their selections, notifications, portal, back office', async () => {
    const buyer = await createUser(t.database.db, { creditBalance: 10_000, emailVerified: true });
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 500 });
    const auth = await t.bearer(buyer);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: auth,
      payload: { cart: [tip.id] },
    });
    expect(bought.statusCode).toBe(200);
    expect(cacheControl(bought)).toBe('no-store');

    const running = await t.app.inject({ method: 'GET', url: '/api/tips/running', headers: auth });
    expect(running.statusCode).toBe(200);
    expect(running.body).toContain(tip.selection);
    expect(cacheControl(running)).toBe('no-store');
    for (const url of [
      '/api/users/profile',
      '/api/notifications',
      '/api/safer-gambling',
      '/api/alerts/settings',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: auth });
      expect({ url, status: response.statusCode, cache: cacheControl(response) }).toEqual({
        url,
        status: 200,
        cache: 'no-store',
      });
    }
    const tipster = await t.bearer(await createUser(t.database.db, { roles: ['user', 'tipster'] }));
    const admin = await t.bearer(await createUser(t.database.db, { roles: ['user', 'admin'] }));
    for (const [url, headers] of [
      ['/api/tipster/tips', tipster],
      ['/api/tipster/summary', tipster],
      ['/api/admin/orders', admin],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect({ url, cache: cacheControl(response) }).toEqual({ url, cache: 'no-store' });
    }
  });

  it('a signed link (token in the URL) is not stored; public reads keep their own caching', async () => {
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/alerts/unsubscribe?token=1.0.AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(cacheControl(link)).toBe('no-store');
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(cacheControl(config)).toBe('public, max-age=300');
    const tipsters = await t.app.inject({ method: 'GET', url: '/api/tipsters' });
    expect(tipsters.statusCode).toBe(200);
    expect(cacheControl(tipsters)).not.toBe('no-store');
  });
});
