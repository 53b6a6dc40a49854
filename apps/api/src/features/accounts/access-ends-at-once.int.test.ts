import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../db/seed/factories';
import {
  codeFromMail,
  GOOD_PASSWORD,
  getProfile,
  login,
  post,
  put,
  registerAndLogin,
} from './accounts.test-support';

// Issue #19.4 (decision 081): an access token is only as good as its session and its user's roles
// now. Each of these used to keep working for up to 15 minutes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedInAdmin() {
  const user = await createUser(t.database.db, { roles: ['user', 'admin'], password: GOOD_PASSWORD });
  return { user, ...(await login(t.app, user.username)) };
}

describe('access ends at once', () => {
  it('a demoted admin loses admin powers on the next request, own credits included', async () => {
    const boss = await signedInAdmin();
    const demoted = await signedInAdmin();
    const list = () => t.app.inject({ url: '/api/admin/users', headers: bearer(demoted.accessToken) });
    expect((await list()).statusCode).toBe(200);

    const res = await put(
      t.app,
      `/api/admin/users/${demoted.user.id}/roles`,
      { roles: ['user'], reason: 'demoted in a test' },
      {
        token: boss.accessToken,
      },
    );
    expect(res.statusCode, res.body).toBe(200);

    expect((await list()).statusCode).toBe(403);
    const credit = await post(
      t.app,
      `/api/admin/users/${demoted.user.id}/credits`,
      { amount: 1000, reason: 'free money for me' },
      { token: demoted.accessToken },
    );
    expect(credit.statusCode).toBe(403);
    // Still signed in as a user.
    expect((await getProfile(t.app, demoted.accessToken)).statusCode).toBe(200);
  });

  it('logout ends the access token too', async () => {
    const { accessToken, refreshToken } = await registerAndLogin(t.app);
    expect((await getProfile(t.app, accessToken)).statusCode).toBe(200);
    const out = await post(
      t.app,
      '/api/users/logout',
      { RefreshToken: refreshToken },
      { token: accessToken },
    );
    expect(out.statusCode).toBe(200);
    const after = await getProfile(t.app, accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it("a password change ends the other sessions' access tokens; the caller's new pair works", async () => {
    const { reg, accessToken: other } = await registerAndLogin(t.app);
    const mine = await login(t.app, reg.Username, reg.Password);
    const res = await put(
      t.app,
      '/api/users/profile/password',
      { newPassword: 'a brand new passphrase 2026', currentPassword: reg.Password },
      { token: mine.accessToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await getProfile(t.app, other)).statusCode).toBe(401);
    expect((await getProfile(t.app, mine.accessToken)).statusCode).toBe(401);
    expect((await getProfile(t.app, res.json().Tokens.access_token)).statusCode).toBe(200);
  });

  it('a password reset ends every access token', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    expect((await post(t.app, '/api/users/forgot-password', { Email: reg.Email })).statusCode).toBe(200);
    const code = await codeFromMail(t.database, reg.Email, 'reset-password');
    const reset = await post(t.app, '/api/users/reset-password', {
      Code: code,
      NewPassword: 'reset passphrase 2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await getProfile(t.app, accessToken)).statusCode).toBe(401);
  });

  it('refresh-token reuse ends the access tokens of the family', async () => {
    const { accessToken, refreshToken } = await registerAndLogin(t.app);
    const rotated = await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken });
    const fresh = rotated.json().accessToken as string;
    expect((await getProfile(t.app, fresh)).statusCode).toBe(200);
    t.clock.advance(31_000);
    expect((await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken })).statusCode).toBe(401);
    expect((await getProfile(t.app, fresh)).statusCode).toBe(401);
    expect((await getProfile(t.app, accessToken)).statusCode).toBe(401);
  });
});
