import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { refreshTokenFamilies, refreshTokens } from '../../db/schema';
import { sha256Hex } from '../../lib/ids';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../lib/tokens';
import { getProfile, login, post, registerAndLogin } from './accounts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => post(t.app, '/api/users/refresh', { RefreshToken: token });

async function familyOf(token: string) {
  const [row] = await t.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)));
  const [family] = await t.database.db
    .select()
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, row.familyId));
  const tokens = await t.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, row.familyId));
  return { family, tokens, live: tokens.filter((x) => x.rotatedAt === null) };
}

describe('POST /api/users/refresh', () => {
  it('rotates on every use and returns a working access token', async () => {
    const { refreshToken } = await registerAndLogin(t.app);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(body.refreshToken).not.toBe(refreshToken);
    expect((await getProfile(t.app, body.accessToken)).statusCode).toBe(200);

    const second = await refresh(body.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(body.refreshToken);
    const { tokens, live } = await familyOf(refreshToken);
    expect(tokens).toHaveLength(3);
    expect(live).toHaveLength(1);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const { refreshToken: t0 } = await registerAndLogin(t.app);
    const t1 = (await refresh(t0)).json().refreshToken;
    t.clock.advance(31_000);
    const replay = await refresh(t0);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHORIZED');
    // The legitimate holder of the newest token is out too: the family is dead.
    expect((await refresh(t1)).statusCode).toBe(401);
    expect((await familyOf(t0)).family.revokeReason).toBe('reuse_detected');
  });

  it('gives a replay within the grace window the same live token, without revoking', async () => {
    const { refreshToken: t0 } = await registerAndLogin(t.app);
    const t1 = (await refresh(t0)).json().refreshToken;
    t.clock.advance(10_000);
    const again = await refresh(t0);
    expect(again.statusCode).toBe(200);
    expect(again.json().refreshToken).toBe(t1);
    // Follows the chain when the successor was rotated too.
    const t2 = (await refresh(t1)).json().refreshToken;
    const third = await refresh(t0);
    expect(third.json().refreshToken).toBe(t2);
    const { family, live } = await familyOf(t0);
    expect(family.revokedAt).toBeNull();
    expect(live).toHaveLength(1);
  });

  for (const n of [2, 5, 20]) {
    it(`${n} concurrent refreshes with one token: all succeed, one successor, family alive`, async () => {
      const { refreshToken } = await registerAndLogin(t.app);
      const results = await Promise.all(Array.from({ length: n }, () => refresh(refreshToken)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
      const successors = new Set(results.map((r) => r.json().refreshToken));
      expect(successors.size).toBe(1);
      const { family, live, tokens } = await familyOf(refreshToken);
      expect(family.revokedAt).toBeNull();
      expect(tokens).toHaveLength(2);
      expect(live).toHaveLength(1);
      // The two-tab user keeps going: the shared successor still refreshes, later, too.
      t.clock.advance(60_000);
      const next = await refresh([...successors][0]);
      expect(next.statusCode).toBe(200);
      for (const r of results) expect((await getProfile(t.app, r.json().accessToken)).statusCode).toBe(200);
    });
  }

  it('refuses unknown, malformed and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    expect((await post(t.app, '/api/users/refresh', {})).statusCode).toBe(400);
    expect((await post(t.app, '/api/users/refresh', { RefreshToken: 'x'.repeat(600) })).statusCode).toBe(400);
    const { refreshToken } = await registerAndLogin(t.app);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const expired = await refresh(refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors).toEqual(['Your session has expired. Please log in again.']);
  });

  it('ignores a stale access token sent along with the refresh', async () => {
    const { refreshToken } = await registerAndLogin(t.app);
    const res = await post(
      t.app,
      '/api/users/refresh',
      { RefreshToken: refreshToken },
      { token: 'garbage.jwt.here' },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session: refresh fails afterwards', async () => {
    const { accessToken, refreshToken } = await registerAndLogin(t.app);
    const out = await post(t.app, '/api/users/logout', undefined, { token: accessToken });
    expect(out.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('with a refresh token, ends only that session', async () => {
    const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app); // another user's session is untouched
    const second = await post(t.app, '/api/users/login', { Username: reg.Username, Password: reg.Password });
    const otherDevice = second.json().Tokens.refresh_token;
    const out = await post(
      t.app,
      '/api/users/logout',
      { RefreshToken: refreshToken },
      { token: accessToken },
    );
    expect(out.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await refresh(otherDevice)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('accepts an empty JSON body, as HTTP clients send it', async () => {
    const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    // Logout ended that access token too (decision 081): a new session for the next check.
    const again = await login(t.app, reg.Username, reg.Password);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${again.accessToken}`, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await post(t.app, '/api/users/logout');
    expect(res.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  async function expect401(token: string) {
    const res = await getProfile(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  }

  it('refuses alg none, a wrong key, wrong audience or issuer, expiry and a refresh token', async () => {
    const { accessToken, refreshToken } = await registerAndLogin(t.app);
    const [, payload] = accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expect401(none);

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const sign = (key: string, overrides: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...overrides })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(key));
    await expect401(await sign('another-secret-that-is-long-enough-to-use-here'));
    await expect401(await sign(t.config.jwt.secret, { aud: 'someone-else' }));
    await expect401(await sign(t.config.jwt.secret, { iss: 'evil' }));
    await expect401(await sign(t.config.jwt.secret, { typ: 'refresh' }));
    await expect401(refreshToken);
    // Sanity: the same signing with the right key and claims is accepted.
    expect((await getProfile(t.app, await sign(t.config.jwt.secret))).statusCode).toBe(200);
    expect(claims.aud).toBe(ACCESS_TOKEN_AUDIENCE);
    expect(claims.iss).toBe(ACCESS_TOKEN_ISSUER);

    t.clock.advance(16 * 60 * 1000);
    await expect401(accessToken);
  });
});
