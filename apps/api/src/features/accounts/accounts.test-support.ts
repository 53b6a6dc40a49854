import { and, desc, eq } from 'drizzle-orm';
import type { AppInstance } from '../../app-types';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';

// Shared by the accounts integration tests (never imported by the app).

// Random per test file (and per run: Redis-backed counters outlive a run), then sequential.
let ipCounter = Math.floor(Math.random() * 60_000);

/** A client address no other test uses, so per-IP limits never leak between tests. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let userCounter = 0;
export const GOOD_PASSWORD = 'correct horse battery staple';

export function newRegistration(overrides: Record<string, unknown> = {}) {
  userCounter++;
  const tag = `${Date.now().toString(36)}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Username: `ada_${tag}`,
    Email: `ada.${tag}@example.test`,
    Country: 'GB',
    Mobile: '+44 20 7946 0000',
    Password: GOOD_PASSWORD,
    RecaptchaToken: 'token',
    ReferralCode: '',
    AcceptAge18: true,
    AcceptTerms: true,
    ...overrides,
  };
}

export type Registration = ReturnType<typeof newRegistration>;

export async function post(
  app: AppInstance,
  url: string,
  payload?: unknown,
  opts: { token?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}

export async function put(
  app: AppInstance,
  url: string,
  payload: unknown,
  opts: { token?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'PUT',
    url,
    payload: payload as never,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}

export async function getProfile(app: AppInstance, token: string) {
  return app.inject({
    method: 'GET',
    url: '/api/users/profile',
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The test mailbox: what the outbox holds for an address, newest first. */
export async function mailbox(database: Database, to: string, template?: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), template ? eq(emailOutbox.template, template) : undefined))
    .orderBy(desc(emailOutbox.id));
}

/** The code in the newest link to `route` (verify-email or reset-password) mailed to `to`. */
export async function codeFromMail(database: Database, to: string, route: 'verify-email' | 'reset-password') {
  const template = route === 'verify-email' ? 'verify-email' : 'reset-password';
  const [mail] = await mailbox(database, to, template);
  if (!mail) throw new Error(`no ${template} email for ${to}`);
  const match = new RegExp(`/${route}/([^\\s"<]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in the email`);
  return decodeURIComponent(match[1]);
}

export async function registerUser(app: AppInstance, overrides: Record<string, unknown> = {}) {
  const body = newRegistration(overrides);
  const res = await post(app, '/api/users/register', body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return body;
}

export async function login(app: AppInstance, username: string, password = GOOD_PASSWORD) {
  const res = await post(app, '/api/users/login', {
    Username: username,
    Password: password,
    RecaptchaToken: 't',
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const tokens = res.json().Tokens as { access_token: string; refresh_token: string };
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

export async function registerAndLogin(app: AppInstance, overrides: Record<string, unknown> = {}) {
  const reg = await registerUser(app, overrides);
  return { reg, ...(await login(app, reg.Username, reg.Password)) };
}
