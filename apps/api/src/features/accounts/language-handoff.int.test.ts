import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { codeFromMail, getProfile, login, post, put, registerAndLogin } from './accounts.test-support';

// #21.1: changing language moves to another subdomain (another localStorage). The signed-in page
// asks for a one-time code; the target subdomain redeems it for a session of the same user.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newHandoff(accessToken: string) {
  const res = await post(t.app, '/api/users/handoff', undefined, { token: accessToken });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; expiresInSeconds: number };
}
const redeem = (code: unknown) => post(t.app, '/api/users/handoff/redeem', { code });

describe('language hand-off', () => {
  it('signs the same user in on the other subdomain, with tokens of its own', async () => {
    const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
    const { code, expiresInSeconds } = await newHandoff(accessToken);
    expect(expiresInSeconds).toBe(60);
    expect(code).not.toContain(accessToken);

    const res = await redeem(code);
    expect(res.statusCode).toBe(200);
    const tokens = res.json().Tokens;
    expect(tokens.refresh_token).not.toBe(refreshToken);
    const profile = await getProfile(t.app, tokens.access_token);
    expect(profile.json().data.username).toBe(reg.Username);
  });

  it('works once: a replayed code signs nobody in', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    const results = await Promise.all([redeem(code), redeem(code), redeem(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    const again = await redeem(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().errors).toEqual([MESSAGES.handoffInvalid]);
  });

  it('dies after 60 seconds', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    t.clock.advance(61_000);
    expect((await redeem(code)).statusCode).toBe(401);
  });

  it('is only given to a signed-in user, and a guessed code is refused with a clear 4xx', async () => {
    expect((await post(t.app, '/api/users/handoff')).statusCode).toBe(401);
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    const [id] = code.split('.');
    expect((await redeem(`${id}.${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await redeem('nonsense')).statusCode).toBe(401);
    expect((await redeem('')).statusCode).toBe(400);
    expect((await redeem({ $ne: null })).statusCode).toBe(400);
  });

  // Issue 29.1: a black-box attacker asked for a code, ended the session, and redeemed the code
  // within its 60 s for a working session. Everything that ends a session ends its codes (decision 110).
  describe('ends with the session that asked for it', () => {
    const expectDead = async (code: string) => {
      const res = await redeem(code);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual([MESSAGES.handoffInvalid]);
    };

    it('a password change kills a pending code (the old tokens are 401, so is the code)', async () => {
      const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
      const { code } = await newHandoff(accessToken);
      const changed = await put(
        t.app,
        '/api/users/profile/password',
        { newPassword: 'a brand new passphrase 2026', currentPassword: reg.Password },
        { token: accessToken },
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await getProfile(t.app, accessToken)).statusCode).toBe(401);
      expect((await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken })).statusCode).toBe(401);
      await expectDead(code);
      // The new session the change handed back can ask for a code of its own.
      const fresh = await newHandoff(changed.json().Tokens.access_token);
      expect((await redeem(fresh.code)).statusCode).toBe(200);
    });

    it('a logout of that session kills its code; another session of the user keeps its own', async () => {
      const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
      const other = await login(t.app, reg.Username, reg.Password);
      const { code } = await newHandoff(accessToken);
      const { code: otherCode } = await newHandoff(other.accessToken);
      const out = await post(
        t.app,
        '/api/users/logout',
        { RefreshToken: refreshToken },
        { token: accessToken },
      );
      expect(out.statusCode).toBe(200);
      await expectDead(code);
      expect((await redeem(otherCode)).statusCode).toBe(200);
    });

    it('a logout without a refresh token (every session) kills every pending code', async () => {
      const { accessToken } = await registerAndLogin(t.app);
      const { code } = await newHandoff(accessToken);
      expect((await post(t.app, '/api/users/logout', undefined, { token: accessToken })).statusCode).toBe(
        200,
      );
      await expectDead(code);
    });

    it('a password reset kills a pending code', async () => {
      const { reg, accessToken } = await registerAndLogin(t.app);
      const { code } = await newHandoff(accessToken);
      expect((await post(t.app, '/api/users/forgot-password', { Email: reg.Email })).statusCode).toBe(200);
      const reset = await post(t.app, '/api/users/reset-password', {
        Code: await codeFromMail(t.database, reg.Email, 'reset-password'),
        NewPassword: 'reset passphrase 2026',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await expectDead(code);
    });

    it('a session ended by refresh-token reuse takes its code with it', async () => {
      const { accessToken, refreshToken } = await registerAndLogin(t.app);
      const { code } = await newHandoff(accessToken);
      expect((await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken })).statusCode).toBe(200);
      t.clock.advance(31_000); // past the two-tab grace: the old token back means theft
      expect((await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken })).statusCode).toBe(401);
      await expectDead(code);
    });
  });
});
