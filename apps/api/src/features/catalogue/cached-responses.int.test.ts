import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTip, createTipster } from '../../db/seed/factories';
import { createSignedInUser, freshCatalogue, grantTip } from './catalogue.test-support';

/**
 * Repeated anonymous catalogue GETs are answered by the HTTP server from whole responses the app
 * sent before (cached-responses.ts, cached-response-door.ts). Over a real socket, because
 * `inject` never goes through the server. What a visitor or an attacker could notice: the bytes
 * and headers, what invalidation does, tokens, other methods, and paid selections.
 */

const NOW = new Date(Date.now() + 24 * 3_600_000);
const PAID = `PAID-${randomBytes(6).toString('hex')}`;

let t: TestApp;
let base: string;
let tipsterId: number;
let paidTipId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tipsterId = (await createTipster(t.database.db, { category: 'PREMIUM' })).id;
  const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
  paidTipId = (
    await createTip(t.database.db, {
      tipsterId,
      now: NOW,
      eventTime: at(2),
      selection: PAID,
      priceCents: 900,
    })
  ).id;
});

afterAll(() => t.close());

const responses = () => t.services.catalogueCache.responses;

beforeEach(async () => {
  vi.restoreAllMocks();
  await freshCatalogue(t);
});

/** GET over HTTP; `fromCache` says whether the server answered from a kept response. */
async function get(path: string, headers: Record<string, string> = {}) {
  const find = vi.spyOn(responses(), 'find');
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  const fromCache = find.mock.results.some((result) => result.value !== undefined);
  find.mockRestore();
  return { status: response.status, headers: Object.fromEntries(response.headers), body, fromCache };
}

const CATALOGUE = () => [
  '/api/tips?pageNumber=1&pageSize=10',
  '/api/tips/ai',
  '/api/tipsters?category=PREMIUM',
  `/api/tipsters/profile/${tipsterId}`,
  `/api/tipsters/records/${tipsterId}`,
  '/api/tipsters/statistics',
];

/** What may differ between two answers: when they were sent and their request ids. */
const withoutPerRequest = (headers: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

describe('cached catalogue responses', () => {
  it('repeat what the app sent, body and headers alike', async () => {
    for (const path of CATALOGUE()) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.fromCache, path).toBe(false);
      expect(second.fromCache, path).toBe(true);
      expect(second.body, path).toBe(first.body);
      expect(withoutPerRequest(second.headers), path).toEqual(withoutPerRequest(first.headers));
      expect(second.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(second.headers['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('echo a plain caller request id, as the app does', async () => {
    await get('/api/tipsters/statistics');
    const cached = await get('/api/tipsters/statistics', { 'x-request-id': 'trace-42' });
    expect(cached.fromCache).toBe(true);
    expect(cached.headers['x-request-id']).toBe('trace-42');
  });

  it('are forgotten when the catalogue is invalidated', async () => {
    const path = `/api/tipsters/profile/${tipsterId}`;
    const before = await get(path);
    const at = new Date(NOW.getTime() + 5 * 3_600_000);
    const added = await createTip(t.database.db, { tipsterId, now: NOW, eventTime: at, priceCents: 0 });
    // What a writer (publish, settle, edit) does after its commit.
    await t.services.catalogueCache.invalidateAll();
    const after = await get(path);
    expect(after.fromCache).toBe(false);
    expect(before.body).not.toContain(`"id":${added.id},`);
    expect(after.body).toContain(`"id":${added.id},`);
  });

  it('expire after a second', async () => {
    await get('/api/tipsters/statistics');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await get('/api/tipsters/statistics')).fromCache).toBe(false);
  });

  it('never answer a request that carries a token: the app checks it, and refuses a bad one', async () => {
    await get('/api/tipsters/statistics');
    const forged = await get('/api/tipsters/statistics', { authorization: 'Bearer not.a.token' });
    expect(forged.fromCache).toBe(false);
    expect(forged.status).toBe(401);
  });

  it('never show a buyer’s selection to the next visitor', async () => {
    const buyer = await createSignedInUser(t);
    await grantTip(t.database.db, buyer.user.id, paidTipId);
    for (const path of ['/api/tips?pageNumber=1&pageSize=10', `/api/tipsters/profile/${tipsterId}`]) {
      const asBuyer = await get(path, { authorization: `Bearer ${buyer.token}` });
      expect(asBuyer.body, path).toContain(PAID);
      for (let i = 0; i < 2; i++) {
        const visitor = await get(path);
        expect(visitor.body, path).not.toContain(PAID);
      }
    }
  });

  it('answer only GET: HEAD and POST reach the app', async () => {
    await get('/api/tipsters/statistics');
    const head = await fetch(`${base}/api/tipsters/statistics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${base}/api/tipsters/statistics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('keep nothing for answers that are not the public view: errors and unknown ids', async () => {
    for (const path of ['/api/tips?pageSize=0', '/api/tipsters/profile/999999']) {
      const first = await get(path);
      const second = await get(path);
      expect(first.status, path).toBeGreaterThanOrEqual(400);
      expect(second.fromCache, path).toBe(false);
      expect(second.status, path).toBe(first.status);
    }
  });
});

describe('with the catalogue cache off (CATALOGUE_CACHE_TTL_MS=0)', () => {
  it('every request reaches the app', async () => {
    const uncached = await createTestApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    try {
      const url = await uncached.app.listen({ port: 0, host: '127.0.0.1' });
      const kept = uncached.services.catalogueCache.responses;
      const find = vi.spyOn(kept, 'find');
      for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/tipsters/statistics`)).status).toBe(200);
      expect(find.mock.results.every((result) => result.value === undefined)).toBe(true);
    } finally {
      await uncached.close();
    }
  });
});
