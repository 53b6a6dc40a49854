import { MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import {
  codeFromMail,
  GOOD_PASSWORD,
  getProfile,
  login,
  mailbox,
  post,
  put,
  registerAndLogin,
  registerUser,
} from './accounts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Reg = Awaited<ReturnType<typeof registerAndLogin>>['reg'];
const updateBody = (reg: Reg, overrides: Record<string, unknown> = {}) => ({
  firstName: reg.FirstName,
  lastName: reg.LastName,
  username: reg.Username,
  email: reg.Email,
  phone: reg.Mobile,
  country: reg.Country,
  currentPassword: reg.Password,
  ...overrides,
});

async function rowOf(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

describe('GET /api/users/profile', () => {
  it('returns the SPEC profile fields', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    await t.database.db.update(users).set({ creditBalance: 12_345 }).where(eq(users.username, reg.Username));
    const res = await getProfile(t.app, accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        firstName: reg.FirstName,
        lastName: reg.LastName,
        username: reg.Username,
        email: reg.Email,
        phone: reg.Mobile,
        country: reg.Country,
        memberSince: t.clock.now().toISOString(),
        creditBalance: 123.45,
        profileImage: null,
        emailVerified: false,
        roles: ['user'],
        oddsFormat: 'DECIMAL',
      },
    });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });

  it('needs a valid access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  it('updates the editable fields with the current password', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const res = await put(
      t.app,
      '/api/users/profile',
      updateBody(reg, { firstName: 'Augusta', phone: '+1 555 0100', username: `${reg.Username}_x` }),
      { token: accessToken },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { username: `${reg.Username}_x`, profileImage: null, creditBalance: 0 },
    });
    const profile = (await getProfile(t.app, accessToken)).json().data;
    expect(profile).toMatchObject({
      firstName: 'Augusta',
      phone: '+1 555 0100',
      username: `${reg.Username}_x`,
    });
  });

  it('refuses a wrong or missing current password without logging the user out', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const wrong = await put(
      t.app,
      '/api/users/profile',
      updateBody(reg, { firstName: 'Evil', currentPassword: 'nope nope' }),
      {
        token: accessToken,
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([MESSAGES.currentPasswordWrong]);
    const missing = await put(t.app, '/api/users/profile', updateBody(reg, { currentPassword: undefined }), {
      token: accessToken,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([MESSAGES.currentPasswordRequired]);
    expect((await rowOf(reg.Username)).firstName).toBe(reg.FirstName);
  });

  it('ignores role, creditBalance, emailVerified and other fields (mass assignment)', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const before = await rowOf(reg.Username);
    const res = await put(
      t.app,
      '/api/users/profile',
      updateBody(reg, {
        role: 'admin',
        roles: ['admin', 'tipster'],
        creditBalance: 1_000_000,
        credit_balance: 1_000_000,
        emailVerified: true,
        email_verified: true,
        passwordHash: 'x',
        id: 1,
        profileImage: '../../etc/passwd',
        createdAt: '2000-01-01T00:00:00Z',
      }),
      { token: accessToken },
    );
    expect(res.statusCode).toBe(200);
    const after = await rowOf(reg.Username);
    expect(after).toMatchObject({
      id: before.id,
      roles: ['user'],
      creditBalance: 0,
      emailVerified: false,
      passwordHash: before.passwordHash,
      profileImage: null,
      createdAt: before.createdAt,
    });
    const fresh = await login(t.app, reg.Username);
    const profile = (await getProfile(t.app, fresh.accessToken)).json().data;
    expect(profile.roles).toEqual(['user']);
  });

  it('refuses a username or email taken by someone else', async () => {
    const other = await registerUser(t.app);
    const { reg, accessToken } = await registerAndLogin(t.app);
    const name = await put(
      t.app,
      '/api/users/profile',
      updateBody(reg, { username: other.Username.toUpperCase() }),
      {
        token: accessToken,
      },
    );
    expect(name.statusCode).toBe(409);
    expect(name.json().errors).toEqual(['This username is already taken.']);
    const email = await put(t.app, '/api/users/profile', updateBody(reg, { email: other.Email }), {
      token: accessToken,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors).toEqual(['This email is already taken.']);
  });

  it('uses the SPEC messages for invalid fields', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const res = await put(
      t.app,
      '/api/users/profile',
      updateBody(reg, { firstName: '', lastName: ' ', country: '', phone: '123', username: '', email: '' }),
      { token: accessToken },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'First name is required.',
        'Last name is required.',
        'Country is required.',
        'Phone number must be at least 6 characters long.',
        'Username is required.',
        'Email address is required.',
      ]),
    );
  });

  it('keeps the old email until the new address is verified', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const newEmail = `new.${reg.Email}`;
    const res = await put(t.app, '/api/users/profile', updateBody(reg, { email: newEmail }), {
      token: accessToken,
    });
    expect(res.statusCode).toBe(200);
    const pending = await rowOf(reg.Username);
    expect(pending).toMatchObject({ email: reg.Email, pendingEmail: newEmail });
    expect((await getProfile(t.app, accessToken)).json().data.email).toBe(reg.Email);
    // The old address still logs in; the new one not yet.
    await login(t.app, reg.Email);
    expect(
      (await post(t.app, '/api/users/login', { Username: newEmail, Password: reg.Password })).statusCode,
    ).toBe(401);

    const code = await codeFromMail(t.database, newEmail, 'verify-email');
    expect((await post(t.app, '/api/users/email', { code })).statusCode).toBe(200);
    const changed = await rowOf(reg.Username);
    expect(changed).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    await login(t.app, newEmail);
    const [notice] = await mailbox(t.database, reg.Email, 'email-changed');
    expect(notice.text).toContain(newEmail);
  });

  it('does not apply an abandoned email change', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const first = `first.${reg.Email}`;
    await put(t.app, '/api/users/profile', updateBody(reg, { email: first }), { token: accessToken });
    const firstCode = await codeFromMail(t.database, first, 'verify-email');
    // Back to the current address: the pending change is dropped.
    await put(t.app, '/api/users/profile', updateBody(reg), { token: accessToken });
    expect((await rowOf(reg.Username)).pendingEmail).toBeNull();
    expect((await post(t.app, '/api/users/email', { code: firstCode })).statusCode).toBe(400);
    expect((await rowOf(reg.Username)).email).toBe(reg.Email);
  });

  it('refuses to complete a change to an address someone registered meanwhile', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const wanted = `wanted.${reg.Email}`;
    await put(t.app, '/api/users/profile', updateBody(reg, { email: wanted }), { token: accessToken });
    const code = await codeFromMail(t.database, wanted, 'verify-email');
    await registerUser(t.app, { Email: wanted });
    const res = await post(t.app, '/api/users/email', { code });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['This email is already taken.']);
    expect((await rowOf(reg.Username)).email).toBe(reg.Email);
  });
});

describe('PUT /api/users/profile/password', () => {
  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
    const res = await put(
      t.app,
      '/api/users/profile/password',
      { currentPassword: reg.Password, newPassword: 'an entirely new phrase' },
      { token: accessToken },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.passwordChanged);
    expect((await post(t.app, '/api/users/refresh', { RefreshToken: refreshToken })).statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/users/refresh', { RefreshToken: body.Tokens.refresh_token })).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/api/users/login', { Username: reg.Username, Password: reg.Password })).statusCode,
    ).toBe(401);
    await login(t.app, reg.Username, 'an entirely new phrase');
    expect(await mailbox(t.database, reg.Email, 'password-changed')).toHaveLength(1);
  });

  it('refuses a wrong current password and weak new ones', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const change = (body: unknown) => put(t.app, '/api/users/profile/password', body, { token: accessToken });
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'an entirely new phrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([MESSAGES.currentPasswordWrong]);
    expect((await change({ currentPassword: GOOD_PASSWORD, newPassword: 'short' })).json().errors).toEqual([
      MESSAGES.passwordTooShort,
    ]);
    expect((await change({ currentPassword: GOOD_PASSWORD, newPassword: 'iloveyou' })).statusCode).toBe(400);
    expect((await change({ currentPassword: GOOD_PASSWORD, newPassword: reg.Username })).statusCode).toBe(
      400,
    );
    expect((await change({})).statusCode).toBe(400);
    await login(t.app, reg.Username, reg.Password);
  });

  it('limits current-password guesses per user', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await put(
        t.app,
        '/api/users/profile/password',
        { currentPassword: `guess ${i} xx`, newPassword: 'an entirely new phrase' },
        { token: accessToken },
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await put(
      t.app,
      '/api/users/profile/password',
      { currentPassword: GOOD_PASSWORD, newPassword: 'an entirely new phrase' },
      { token: accessToken },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
