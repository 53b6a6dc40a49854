import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fileTransport } from '../../infra/mail/mail-transport';
import { createOutboxWorker } from '../../infra/mail/outbox-worker';
import { newRegistration } from './accounts.test-support';

// The whole account journey against the real server over HTTP (issue 4, "Done when").

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Delivers the outbox as .eml files (no SMTP_URL) and reads the verification link from the mailbox. */
async function verificationCodeFromMailbox(to: string): Promise<string> {
  const worker = createOutboxWorker({
    database: t.database,
    transport: fileTransport(t.config.mail.mailDir),
    // Outbox rows are due by the database's clock, not the test clock.
    clock: { now: () => new Date() },
    from: t.config.mail.from,
    log: { info() {}, error() {} },
  });
  await worker.runOnce();
  const files = readdirSync(t.config.mail.mailDir).map((f) =>
    readFileSync(path.join(t.config.mail.mailDir, f), 'utf8'),
  );
  const eml = files.find((f) => f.includes(`To: ${to}`) && f.includes('Verify your email address'));
  if (!eml) throw new Error(`no verification email for ${to} in ${t.config.mail.mailDir}`);
  // Undo quoted-printable: soft line breaks and =XX escapes.
  const decoded = eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /\/verify-email\/([A-Za-z0-9._%-]+)/.exec(decoded);
  if (!match) throw new Error('no verification link in the email');
  return decodeURIComponent(match[1]);
}

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

it('register → verify from the mailbox → login → profile → update → change password → logout → refresh fails', async () => {
  const reg = newRegistration();

  const registered = await call('POST', '/users/register', reg);
  expect(registered.status).toBe(201);

  const code = await verificationCodeFromMailbox(reg.Email);
  const verified = await call('POST', '/users/email', { code });
  expect(verified.status).toBe(200);
  expect(verified.body.message).toBe(
    'Email successfully verified, you will be redirected to login page soon.',
  );

  const loggedIn = await call('POST', '/users/login', {
    Username: reg.Username,
    Password: reg.Password,
    RecaptchaToken: '',
  });
  expect(loggedIn.status).toBe(200);
  let { access_token: accessToken, refresh_token: refreshToken } = loggedIn.body.Tokens;

  const profile = await call('GET', '/users/profile', undefined, accessToken);
  expect(profile.status).toBe(200);
  expect(profile.body.data).toMatchObject({
    username: reg.Username,
    email: reg.Email,
    emailVerified: true,
    creditBalance: 0,
  });
  expect(profile.headers.get('content-security-policy')).toBeTruthy();

  const updated = await call(
    'PUT',
    '/users/profile',
    {
      firstName: 'Augusta',
      lastName: reg.LastName,
      username: reg.Username,
      email: reg.Email,
      phone: reg.Mobile,
      country: 'IE',
      currentPassword: reg.Password,
    },
    accessToken,
  );
  expect(updated.status).toBe(200);
  expect(updated.body.data).toEqual({ username: reg.Username, profileImage: null, creditBalance: 0 });
  expect((await call('GET', '/users/profile', undefined, accessToken)).body.data).toMatchObject({
    firstName: 'Augusta',
    country: 'IE',
  });

  const changed = await call(
    'PUT',
    '/users/profile/password',
    { currentPassword: reg.Password, newPassword: 'a completely new passphrase' },
    accessToken,
  );
  expect(changed.status).toBe(200);
  // The login's session ended with the change; the caller continues with the pair it got back.
  expect((await call('POST', '/users/refresh', { RefreshToken: refreshToken })).status).toBe(401);
  ({ access_token: accessToken, refresh_token: refreshToken } = changed.body.Tokens);
  expect((await call('GET', '/users/profile', undefined, accessToken)).status).toBe(200);

  const loggedOut = await call('POST', '/users/logout', undefined, accessToken);
  expect(loggedOut.status).toBe(200);

  const refreshed = await call('POST', '/users/refresh', { RefreshToken: refreshToken });
  expect(refreshed.status).toBe(401);
  expect(refreshed.body.errors).toEqual(['Your session has expired. Please log in again.']);

  const oldPassword = await call('POST', '/users/login', { Username: reg.Username, Password: reg.Password });
  expect(oldPassword.status).toBe(401);
  const newPassword = await call('POST', '/users/login', {
    Username: reg.Email,
    Password: 'a completely new passphrase',
  });
  expect(newPassword.status).toBe(200);
});
