import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { freshIp, registerAndLogin } from './accounts.test-support';

// QUALITY › Input: random and boundary values on every accounts route give no 5xx.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerAndLogin(t.app)).accessToken;
});
afterAll(() => t.close());

const nasty = fc.oneof(
  fc.string(),
  fc.string({ minLength: 0, maxLength: 600 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '💥'.repeat(70),
    "' or 1=1 --",
    '<script>',
    '../../etc/passwd',
    'a@b.c',
    '1.AAAA',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

const fields: Record<string, string[]> = {
  '/api/users/register': [
    'FirstName',
    'LastName',
    'Username',
    'Email',
    'Country',
    'Mobile',
    'Password',
    'RecaptchaToken',
    'ReferralCode',
    'AcceptAge18',
    'AcceptTerms',
  ],
  '/api/users/login': ['Username', 'Password', 'RecaptchaToken'],
  '/api/users/refresh': ['RefreshToken'],
  '/api/users/logout': ['RefreshToken'],
  '/api/users/forgot-password': ['Email'],
  '/api/users/reset-password': ['NewPassword', 'Code'],
  '/api/users/email': ['code'],
  '/api/users/contact': ['email', 'message', 'name', 'subject'],
  '/api/users/profile': ['firstName', 'lastName', 'username', 'email', 'phone', 'country', 'currentPassword'],
  '/api/users/profile/password': ['newPassword', 'currentPassword'],
};

const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, nasty])), { requiredKeys: [] }),
    fc.anything({ maxDepth: 2 }),
  );

describe('no 5xx on random input', () => {
  for (const [url, keys] of Object.entries(fields)) {
    const method = url.startsWith('/api/users/profile') ? 'PUT' : 'POST';
    it(`${method} ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(keys), fc.boolean(), async (body, withToken) => {
          const res = await t.app.inject({
            method,
            url,
            remoteAddress: freshIp(),
            headers: withToken ? { authorization: `Bearer ${token}` } : {},
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          const parsed = res.json();
          if (res.statusCode >= 400) expect(Array.isArray(parsed.errors)).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('GET /api/users/profile-images/:file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (name) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users/profile-images/${encodeURIComponent(name)}`,
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});

describe('OpenAPI', () => {
  it('documents every accounts route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/users/register',
      '/api/users/login',
      '/api/users/refresh',
      '/api/users/logout',
      '/api/users/forgot-password',
      '/api/users/reset-password',
      '/api/users/email',
      '/api/users/profile',
      '/api/users/profile/password',
      '/api/users/profile/image',
      '/api/users/profile-images/{file}',
      '/api/users/contact',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
