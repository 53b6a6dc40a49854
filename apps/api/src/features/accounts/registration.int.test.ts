import { MESSAGES, RegisterFormSchema } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { oneTimeCodes, users } from '../../db/schema';
import { sha256Hex } from '../../lib/ids';
import {
  codeFromMail,
  freshIp,
  getProfile,
  login,
  mailbox,
  newRegistration,
  post,
  registerUser,
} from './accounts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: unknown) => post(t.app, '/api/users/register', body);

async function userRow(username: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

describe('POST /api/users/register', () => {
  it('creates the account with an argon2id hash, records age and terms, and mails a verification link', async () => {
    const body = newRegistration({ ReferralCode: 'FRIEND1' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.registered });
    const row = await userRow(body.Username);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(body.Password);
    expect(row.ageConfirmedAt).toEqual(t.clock.now());
    expect(row.termsAcceptedAt).toEqual(t.clock.now());
    expect(row).toMatchObject({
      emailVerified: false,
      roles: ['user'],
      creditBalance: 0,
      referralCode: 'FRIEND1',
    });
    const [mail] = await mailbox(t.database, body.Email, 'verify-email');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain(`${t.config.publicUrl}/verify-email/`);
    expect(mail.html).toContain(`${t.config.publicUrl}/verify-email/`);
  });

  it('reports every missing field with the SPEC messages', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const { errors, code } = res.json();
    expect(code).toBe('BAD_REQUEST');
    expect(errors).toEqual(
      expect.arrayContaining([
        'First name is required.',
        'Last name is required.',
        'Country is required.',
        'Phone number is required.',
        'Username is required.',
        'Email address is required.',
        'Password is required.',
        MESSAGES.mustBeAdult,
        MESSAGES.mustAcceptTerms,
      ]),
    );
  });

  it('treats blank fields as missing', async () => {
    const res = await register(newRegistration({ FirstName: '   ', Country: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['First name is required.', 'Country is required.']);
  });

  it("says 'Phone number must be at least 6 characters long.' for a short Mobile", async () => {
    const res = await register(newRegistration({ Mobile: '12345' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Phone number must be at least 6 characters long.']);
  });

  it('requires both checkboxes', async () => {
    const res = await register(newRegistration({ AcceptAge18: false, AcceptTerms: 'yes' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([MESSAGES.mustBeAdult, MESSAGES.mustAcceptTerms]);
  });

  it('applies the password policy: 8 to 128 characters, no common passwords, no composition rules', async () => {
    const short = await register(newRegistration({ Password: 'short' }));
    expect(short.json().errors).toEqual([MESSAGES.passwordTooShort]);
    const long = await register(newRegistration({ Password: 'x'.repeat(129) }));
    expect(long.json().errors).toEqual([MESSAGES.passwordTooLong]);
    for (const common of ['password123', 'Qwertyuiop', '12345678']) {
      const res = await register(newRegistration({ Password: common }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatch(/too common/);
    }
    const same = newRegistration();
    const asUsername = await register({ ...same, Password: `${same.Username}` });
    expect(asUsername.statusCode).toBe(400);
    // Only lower-case letters and spaces, but long: accepted.
    expect((await register(newRegistration({ Password: 'plain lower case words' }))).statusCode).toBe(201);
  });

  it('refuses a taken username or email, case-insensitively, with the SPEC messages', async () => {
    const first = await registerUser(t.app);
    const sameName = await register(newRegistration({ Username: first.Username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual(['This username is already taken.']);
    const sameEmail = await register(newRegistration({ Email: first.Email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual(['This email is already taken.']);
    const both = await register(newRegistration({ Username: first.Username, Email: first.Email }));
    expect(both.json().errors).toEqual(['This username is already taken.', 'This email is already taken.']);
  });

  it('creates one account when the same registration races itself', async () => {
    const body = newRegistration();
    const results = await Promise.all(Array.from({ length: 5 }, () => register(body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${body.Email.toLowerCase()}`);
    expect(count).toBe(1);
  });

  it('checks the confirmation in the shared form schema (the client never sends it)', () => {
    const form = { ...newRegistration(), confirmPassword: 'something else' };
    const parsed = RegisterFormSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('Passwords must match.');
  });

  it('never answers 500 to junk bodies', async () => {
    for (const body of [
      null,
      [],
      'text',
      42,
      { FirstName: {} },
      { Username: ['a'] },
      { Email: 'x'.repeat(10_000) },
    ]) {
      const res = await register(body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"FirstName":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/users/email (verify)', () => {
  it('verifies with the mailed code, once', async () => {
    const reg = await registerUser(t.app);
    const code = await codeFromMail(t.database, reg.Email, 'verify-email');
    const [stored] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, sha256Hex(code)));
    // Stored hashed: the code itself is not in the database.
    expect(stored.codeHash).not.toContain(code);

    const { accessToken } = await login(t.app, reg.Username);
    expect((await getProfile(t.app, accessToken)).json().data.emailVerified).toBe(false);

    const ok = await post(t.app, '/api/users/email', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Email successfully verified, you will be redirected to login page soon.');
    expect((await getProfile(t.app, accessToken)).json().data.emailVerified).toBe(true);

    const again = await post(t.app, '/api/users/email', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([MESSAGES.verifyCodeInvalid]);
  });

  it('refuses wrong, malformed and missing codes without a 500', async () => {
    const reg = await registerUser(t.app);
    const code = await codeFromMail(t.database, reg.Email, 'verify-email');
    const [{ id }] = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, sha256Hex(code)));
    for (const bad of [`${id}.${'A'.repeat(43)}`, 'A'.repeat(43), 'nope', '99999999999.x', `${id}`, ' ']) {
      const res = await post(t.app, '/api/users/email', { code: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([MESSAGES.verifyCodeInvalid]);
    }
    expect((await post(t.app, '/api/users/email', {})).statusCode).toBe(400);
    // One wrong guess used, the real code still works.
    expect((await post(t.app, '/api/users/email', { code })).statusCode).toBe(200);
  });
});

describe('reCAPTCHA v3 against a stand-in verify endpoint', () => {
  let standIn: FastifyInstance;
  let rc: TestApp;
  const seen: Array<Record<string, string>> = [];

  beforeAll(async () => {
    standIn = Fastify();
    standIn.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    standIn.post('/siteverify', async (request) => {
      const form = request.body as Record<string, string>;
      seen.push(form);
      const [action, score] = form.response.split(':');
      if (form.secret !== 'test-secret') return { success: false, 'error-codes': ['invalid-input-secret'] };
      if (action === 'fail') return { success: false, 'error-codes': ['invalid-input-response'] };
      if (action === 'garbage') return 'nope';
      return { success: true, action, score: Number(score), hostname: 'localhost' };
    });
    const address = await standIn.listen({ port: 0, host: '127.0.0.1' });
    rc = await createTestApp({
      database: t.database,
      env: {
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: `${address}/siteverify`,
        RECAPTCHA_MIN_SCORE: '0.5',
      },
    });
  });
  afterAll(async () => {
    await rc.close();
    await standIn.close();
  });

  it('lets a good signup token through and sends the secret, token and client IP', async () => {
    const res = await post(rc.app, '/api/users/register', newRegistration({ RecaptchaToken: 'signup:0.9' }), {
      ip: '10.9.9.9',
    });
    expect(res.statusCode).toBe(201);
    expect(seen.at(-1)).toEqual({ secret: 'test-secret', response: 'signup:0.9', remoteip: '10.9.9.9' });
  });

  it('refuses a low score, the wrong action, a failed or missing token and a broken answer', async () => {
    for (const token of ['signup:0.1', 'login:0.9', 'fail:1', 'garbage:1', undefined]) {
      const res = await post(rc.app, '/api/users/register', newRegistration({ RecaptchaToken: token }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([MESSAGES.recaptchaFailed]);
    }
  });

  it('checks the login action too', async () => {
    const reg = newRegistration({ RecaptchaToken: 'signup:0.8' });
    expect((await post(rc.app, '/api/users/register', reg)).statusCode).toBe(201);
    const bad = await post(rc.app, '/api/users/login', {
      Username: reg.Username,
      Password: reg.Password,
      RecaptchaToken: 'signup:0.9',
    });
    expect(bad.statusCode).toBe(400);
    const good = await post(rc.app, '/api/users/login', {
      Username: reg.Username,
      Password: reg.Password,
      RecaptchaToken: 'login:0.7',
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('per-IP limits on the open endpoints', () => {
  for (const [url, max] of [
    ['/api/users/register', 10],
    ['/api/users/email', 20],
    ['/api/users/reset-password', 20],
  ] as const) {
    it(`${url}: ${max} requests, then 429 with Retry-After`, async () => {
      const ip = freshIp();
      for (let i = 0; i < max; i++) expect((await post(t.app, url, {}, { ip })).statusCode).toBe(400);
      const blocked = await post(t.app, url, {}, { ip });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    });
  }
});
