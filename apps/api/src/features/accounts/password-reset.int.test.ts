import { MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox, oneTimeCodes, refreshTokenFamilies, users } from '../../db/schema';
import { sha256Hex } from '../../lib/ids';
import {
  codeFromMail,
  freshIp,
  login,
  mailbox,
  post,
  registerAndLogin,
  registerUser,
} from './accounts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (Email: unknown, ip?: string) => post(t.app, '/api/users/forgot-password', { Email }, { ip });
const reset = (Code: unknown, NewPassword: unknown = 'a brand new passphrase') =>
  post(t.app, '/api/users/reset-password', { Code, NewPassword });

async function requestResetCode(email: string) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  return codeFromMail(t.database, email, 'reset-password');
}

describe('POST /api/users/forgot-password', () => {
  it('answers the same for a known and an unknown email, and mails only the real account', async () => {
    const reg = await registerUser(t.app);
    const known = await forgot(reg.Email.toUpperCase());
    const unknown = await forgot('no.such.person@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MESSAGES.resetLinkSent);
    const [mail] = await mailbox(t.database, reg.Email, 'reset-password');
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password/`);
    expect(mail.text).toContain('10 minutes');
    expect(await mailbox(t.database, 'no.such.person@example.test')).toHaveLength(0);
  });

  it('validates the email', async () => {
    expect((await forgot('')).json().errors).toEqual(['Email address is required.']);
    expect((await forgot('not-an-email')).json().errors).toEqual([MESSAGES.emailInvalid]);
  });

  it('limits requests per email address (no mail-bombing) and per IP', async () => {
    const reg = await registerUser(t.app);
    for (let i = 0; i < 3; i++) expect((await forgot(reg.Email)).statusCode).toBe(200);
    const blocked = await forgot(reg.Email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(await mailbox(t.database, reg.Email, 'reset-password')).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@example.test`, ip)).statusCode).toBe(200);
    expect((await forgot('someone.else@example.test', ip)).statusCode).toBe(429);
  });
});

describe('POST /api/users/reset-password', () => {
  it('works at 9:59 and fails at 10:01', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const codeA = await requestResetCode(a.Email);
    const codeB = await requestResetCode(b.Email);
    const start = t.clock.now().getTime();

    t.clock.set(new Date(start + 9 * 60_000 + 59_000));
    expect((await reset(codeA)).statusCode).toBe(200);

    t.clock.set(new Date(start + 10 * 60_000 + 1_000));
    const late = await reset(codeB);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([MESSAGES.resetCodeInvalid]);
    await login(t.app, a.Username, 'a brand new passphrase');
    await login(t.app, b.Username, b.Password);
  });

  it('changes the password, works once, ends every session and sends a notice', async () => {
    const { reg, refreshToken } = await registerAndLogin(t.app);
    const second = await login(t.app, reg.Username);
    const code = await requestResetCode(reg.Email);
    const ok = await reset(code, 'my new secret phrase');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.passwordReset);

    for (const token of [refreshToken, second.refreshToken]) {
      expect((await post(t.app, '/api/users/refresh', { RefreshToken: token })).statusCode).toBe(401);
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.email, reg.Email));
    const families = await t.database.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.userId, user.id));
    expect(families.every((f) => f.revokeReason === 'password_reset')).toBe(true);
    // Resetting through the mailed link proves the address.
    expect(user.emailVerified).toBe(true);

    const oldLogin = await post(t.app, '/api/users/login', {
      Username: reg.Username,
      Password: reg.Password,
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(t.app, reg.Username, 'my new secret phrase');
    const [notice] = await mailbox(t.database, reg.Email, 'password-reset-done');
    expect(notice.subject).toBe('Your password was changed');

    const reuse = await reset(code, 'another new passphrase');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors).toEqual([MESSAGES.resetCodeInvalid]);
  });

  it('kills an older code when a newer one is issued', async () => {
    const reg = await registerUser(t.app);
    const older = await requestResetCode(reg.Email);
    const newer = await requestResetCode(reg.Email);
    expect(newer).not.toBe(older);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it("an attacker's wrong guesses never burn the code the user holds (issue #19.5)", async () => {
    const reg = await registerUser(t.app);
    const code = await requestResetCode(reg.Email);
    const [row] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, sha256Hex(code)));
    // Guesses at the row's id (the old `<id>.<secret>` form) and bare guesses, from many clients.
    for (let i = 0; i < 12; i++) {
      const guess = i % 2 === 0 ? `${row.id}.${String(i % 10).repeat(43)}` : String(i % 10).repeat(43);
      const res = await reset(guess);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([MESSAGES.resetCodeInvalid]);
    }
    expect((await reset(code, 'the owner still resets')).statusCode).toBe(200);
    await login(t.app, reg.Username, 'the owner still resets');
  });

  it('limits guessing per client instead (429 with Retry-After)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await post(
        t.app,
        '/api/users/reset-password',
        { Code: 'x'.repeat(43), NewPassword: 'whatever passphrase' },
        { ip },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('20 parallel submissions of one code: exactly one success', async () => {
    const reg = await registerUser(t.app);
    const code = await requestResetCode(reg.Email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reset(code, `parallel passphrase ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const winner = statuses.indexOf(200);
    await login(t.app, reg.Username, `parallel passphrase ${winner}`);
    const notices = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, reg.Email));
    expect(notices.filter((m) => m.template === 'password-reset-done')).toHaveLength(1);
  });

  it('applies the password policy and validates the body', async () => {
    const reg = await registerUser(t.app);
    const code = await requestResetCode(reg.Email);
    expect((await reset(code, 'short')).json().errors).toEqual([MESSAGES.passwordTooShort]);
    expect((await reset(code, 'password123')).json().errors[0]).toMatch(/too common/);
    expect((await reset(code, '')).json().errors).toEqual(['Password is required.']);
    expect((await reset('', 'good passphrase here')).json().errors).toEqual([MESSAGES.resetCodeInvalid]);
    expect((await post(t.app, '/api/users/reset-password', null)).statusCode).toBe(400);
    // None of that used the code up.
    expect((await reset(code)).statusCode).toBe(200);
  });
});
