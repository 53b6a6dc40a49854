import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestFootball } from '../src/db/seed/demo-football.test-support';
import { createUser, DEFAULT_TEST_PASSWORD } from '../src/db/seed/factories';
import { seedDemo } from '../src/db/seed/seed-demo';
import { inlinedOpenApiDocument } from './openapi-document.test-support';
import { createOpenApiValidator, type Exchange, type Verdict } from './openapi-validator.test-support';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue #32: a client session of every public list and detail route, sign-in, every signed-in
 * list and a set of deliberate errors, recorded against a fresh seeded instance and checked
 * against the served OpenAPI document both ways (openapi-validator.test-support.ts): what the
 * server refuses with 400 the document refuses too, what it accepts the document accepts, and
 * every answer has a documented status, media type and body.
 */

const NOW = new Date('2025-05-10T12:00:00Z');

let t: TestApp;
const session: Exchange[] = [];
let verdicts: Array<Exchange & Verdict>;

let address = 0;
async function send(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; accept?: string } = {},
) {
  address++;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    // Each call from its own address: per-client rate limits are not what this records.
    remoteAddress: `10.32.${(address >> 8) & 255}.${address & 255}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.accept ? { accept: options.accept } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  session.push({
    method,
    url,
    body: options.body,
    status: res.statusCode,
    contentType: res.headers['content-type'] as string | undefined,
    responseBody: res.body,
  });
  return res;
}

async function signIn(username: string): Promise<string> {
  const res = await send('POST', '/api/users/login', {
    body: { Username: username, Password: DEFAULT_TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Tokens.access_token;
}

/** The deliberate bad requests: each must be a 400 from the server and break the document. */
const BAD_REQUESTS = [
  '/api/tipsters/profile/abc',
  '/api/tipsters/profile/-1',
  '/api/tipsters/profile/9.5',
  '/api/tipsters/profile/2147483648',
  '/api/fixtures/abc',
  '/api/fixtures/abc/odds',
  '/api/tips?pageSize=abc',
  '/api/tips?pageSize=100000',
  '/api/tips?pageSize=-5',
  '/api/tips?pageNumber=0',
  '/api/tips?pageNumber=1.5',
  '/api/tips?minPrice=abc',
  '/api/tips?maxPrice=-1',
  '/api/tips?filters=99999',
  '/api/tips?filters=1,x',
  '/api/tips?category=nope',
  '/api/tips?random=maybe',
  '/api/tipsters?pageSize=0',
  '/api/tipsters?category=vip',
  '/api/tips/cart?tipIds=a,b',
  '/api/tips/cart?tipIds=0',
  '/api/tips/cart?tipIds=1&plans=x',
  '/api/tips/cart?tipIds=1&plans=1:0',
  '/api/fixtures?from=not-a-date',
  '/api/fixtures?to=2025-02-30',
  '/api/fixtures?competition=zz.9',
  '/api/records/anchors?pageSize=51',
];

/**
 * A rule between two parameters, which JSON Schema cannot state: the server refuses it (400) and
 * the document says it in the operation's description instead of its parameter schemas.
 */
const CROSS_PARAMETER = {
  url: '/api/tips?minPrice=60&maxPrice=50',
  operation: 'GET /api/tips',
  message: MESSAGES.minPriceExceedsMax,
};

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is JSON of any shape.
let document: any;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await seedTestFootball(t.database, NOW);
  await seedDemo(t.database, { now: NOW, dataDir: t.config.dataDir, log: () => {}, historyPerTipster: 3 });
  await createUser(t.database.db, { username: 'session-member' });
  await createUser(t.database.db, { username: 'session-staff', roles: ['user', 'tipster', 'admin'] });

  // Public lists and details, with the ids a client reads from the lists.
  for (const url of [
    '/api/health',
    '/api/ready',
    '/api/config',
    '/api/ai-model',
    '/api/tips',
    '/api/tips?category=premium&pageSize=5&pageNumber=2',
    '/api/tips?filters=1,2&minPrice=0&maxPrice=50&random=true',
    '/api/tips?pageSize=&category=',
    '/api/tips/ai',
    '/api/tipsters',
    '/api/tipsters?category=SENIOR&random=false',
    '/api/tipsters/statistics',
    '/api/records/anchors',
    '/api/fixtures?competition=en.1,DE.1&from=2025-05-01&to=2025-05-20T00:00:00Z',
  ]) {
    await send('GET', url);
  }
  const tipsters = (await send('GET', '/api/tipsters?pageSize=50')).json().data as Array<{
    id: number;
    profileImageUrl: string | null;
  }>;
  const tipsterId = tipsters[0].id;
  const tips = (await send('GET', '/api/tips?pageSize=50')).json().data as Array<{ id: number }>;
  const fixtures = (await send('GET', '/api/fixtures')).json().data as Array<{ id: number }>;
  for (const url of [
    `/api/tipsters/profile/${tipsterId}`,
    `/api/tipsters/records/${tipsterId}`,
    `/api/tipsters/records/${tipsterId}?month=3&bettingType=0&pageSize=10`,
    `/api/tipsters/records/${tipsterId}?bettingType=1`,
    `/api/tipsters/${tipsterId}/record`,
    `/api/tipsters/${tipsterId}/record?format=csv`,
    `/api/tipsters/${tipsterId}/record?format=json`,
    `/api/fixtures/${fixtures[0].id}`,
    `/api/fixtures/${fixtures[0].id}/odds`,
    '/api/fixtures/2147483647/odds',
    `/api/tips/cart?tipIds=${tips[0].id},${tips[1].id}`,
    '/api/tips/cart?tipIds=',
    `/api/tips/cart?tipIds=${tips[0].id}&plans=`,
    '/api/tipsters/profile/2147483647',
    '/api/fixtures/2147483647',
    '/api/tipsters/999999999/record',
    '/api/users/profile-images/ai1.webp',
    '/api/users/profile-images/no-such-picture.webp',
  ]) {
    await send('GET', url);
  }
  const picture = tipsters.find((tipster) => tipster.profileImageUrl)?.profileImageUrl;
  if (picture) await send('GET', picture);
  await send('GET', `/api/tipsters/${tipsterId}/record`, { accept: 'text/csv' });

  // Sign-in, then every signed-in list: a member's and a tipster-admin's.
  await send('POST', '/api/users/login', {
    body: { Username: 'session-member', Password: 'wrong-password' },
  });
  await send('POST', '/api/users/login', { body: { Username: 'session-member' } });
  const member = await signIn('session-member');
  const staff = await signIn('session-staff');
  for (const url of [
    '/api/users/profile',
    '/api/users/profile/data-export',
    '/api/tips/running',
    '/api/tips/ai/subscriptions',
    '/api/tips/history',
    '/api/tips/following',
    '/api/tipsters/following',
    '/api/safer-gambling',
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/alerts/settings',
  ]) {
    await send('GET', url, { token: member });
  }
  await send('GET', '/api/users/profile');
  await send('GET', '/api/admin/users', { token: member });
  for (const url of [
    '/api/tipster/tips',
    '/api/tipster/tips?status=settled',
    '/api/tipster/summary',
    '/api/tipster/earnings',
    '/api/tipster/earnings/entries?month=2026-11',
    '/api/tipster/earnings/breakdown',
    '/api/tipster/earnings/statement?month=2026-11',
    '/api/tipster/payouts',
    '/api/tipster/earnings/entries?month=2026-13',
    '/api/tipster/earnings/statement',
    '/api/admin/payouts?status=HELD',
    '/api/admin/payouts?status=LOST',
    '/api/admin/revenue',
    '/api/admin/users?role=tipster&pageSize=5',
    '/api/admin/users/1',
    '/api/admin/users/1/safer-gambling',
    '/api/admin/tipsters',
    `/api/admin/tipsters/${tipsterId}`,
    '/api/admin/contact-messages?status=all',
    '/api/admin/tips/unsettled',
    '/api/admin/matches/unsettled',
    '/api/admin/orders?status=COMPLETED&type=CREDITS',
    '/api/admin/audit?actorUserId=1',
    '/api/admin/users?pageSize=51',
    '/api/admin/users/0',
    '/api/admin/orders?status=LOST',
    '/api/admin/audit?actorUserId=x',
    '/api/tipster/tips?status=won',
  ]) {
    await send('GET', url, { token: staff });
  }
  await send('PUT', '/api/tipster/payout-account', { token: staff, body: { paypalEmail: 'not-an-address' } });
  await send('POST', '/api/tipster/payouts', { token: staff, body: { amount: 1.001 } });
  await send('POST', '/api/tipster/payouts', { token: staff, body: { amount: 10 } });
  await send('GET', '/api/tipster/earnings', { token: member });
  await send('GET', '/api/tips/history?pageNumber=0', { token: member });
  await send('GET', '/api/notifications?pageSize=x', { token: member });
  await send('POST', '/api/notifications/abc/read', { token: member });
  await send('POST', '/api/notifications/read-all', { token: member });
  await send('PUT', '/api/users/profile/odds-format', { token: member, body: { oddsFormat: 'AMERICAN' } });
  await send('PUT', '/api/users/profile/odds-format', { token: member, body: { oddsFormat: 'ROMAN' } });
  await send('PUT', '/api/alerts/settings', { token: member, body: { mode: 'sometimes' } });
  await send('POST', `/api/tipsters/follow/${tipsterId}`, { token: member });
  await send('POST', '/api/tipsters/follow/abc', { token: member });
  await send('POST', '/api/users/contact', {
    body: { name: '', email: 'a@b.test', subject: 's', message: 'm' },
  });
  await send('GET', '/api/alerts/unsubscribe?token=short');

  for (const url of BAD_REQUESTS) await send('GET', url);
  await send('GET', CROSS_PARAMETER.url);

  document = await inlinedOpenApiDocument(t.app);
  const validator = createOpenApiValidator(document);
  verdicts = session.map((exchange) => ({ ...exchange, ...validator.validate(exchange) }));
}, 300_000);
afterAll(() => t.close());

const describeExchange = (v: Exchange & Verdict) => `${v.method} ${v.url} → ${v.status}`;

describe('the OpenAPI document and the server agree on a recorded client session', () => {
  it('every request of the session names a documented operation', () => {
    expect(verdicts.filter((v) => !v.operation).map(describeExchange)).toEqual([]);
  });

  it('the server refuses (400) exactly the requests the document refuses', () => {
    const disagreements = verdicts
      .filter((v) => v.url !== CROSS_PARAMETER.url)
      .filter((v) => (v.status === 400) !== v.requestViolations.length > 0)
      .map((v) => `${describeExchange(v)}; document: ${v.requestViolations.join('; ') || 'valid'}`);
    expect(disagreements).toEqual([]);
  });

  it('every answer has a documented status, media type and body', () => {
    const violations = verdicts
      .filter((v) => v.responseViolations.length > 0)
      .map((v) => `${describeExchange(v)}: ${v.responseViolations.join('; ')}`);
    expect(violations).toEqual([]);
  });

  it('a rule between two parameters is refused by the server and stated in the operation', () => {
    const exchange = verdicts.find((v) => v.url === CROSS_PARAMETER.url);
    expect(exchange?.status).toBe(400);
    expect(JSON.parse(exchange?.responseBody ?? '{}').errors).toContain(CROSS_PARAMETER.message);
    expect(exchange?.operation).toBe(CROSS_PARAMETER.operation);
    expect(document.paths['/api/tips'].get.description).toContain(CROSS_PARAMETER.message);
  });

  it('covers every GET route outside the sandboxes, sign-in and the deliberate errors', () => {
    const covered = new Set(verdicts.map((v) => v.operation));
    const routes = Object.entries(document.paths as Record<string, object>)
      .filter(([path, item]) => 'get' in item && !path.startsWith('/api/sandbox/'))
      .map(([path]) => `GET ${path}`);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect(covered).toContain('POST /api/users/login');
    const statuses = new Set(verdicts.map((v) => `${v.operation} ${v.status}`));
    expect(statuses).toContain('GET /api/users/profile-images/{file} 404');
    expect(statuses).toContain('GET /api/tipsters/{id}/record 200');
    const csv = verdicts.filter((v) => v.contentType?.startsWith('text/csv'));
    expect(csv.length).toBeGreaterThanOrEqual(2);
    const refused = verdicts.filter((v) => BAD_REQUESTS.includes(v.url));
    expect(refused.map((v) => v.status)).toEqual(BAD_REQUESTS.map(() => 400));
    expect(session.length).toBeGreaterThan(90);
  });
});
