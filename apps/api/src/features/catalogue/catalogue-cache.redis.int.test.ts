import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTip, createTipster } from '../../db/seed/factories';
import { createSignedInUser, get, getOk } from './catalogue.test-support';
import { CATALOGUE_REDIS_PREFIX, type CatalogueCache, createCatalogueCache } from './catalogue-cache';
import { catalogueCacheContract } from './catalogue-cache.contract';

// Runs where a Redis is at hand (CI sets TEST_REDIS_URL); skipped otherwise.
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('catalogue cache on Redis', () => {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(url!, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  // A fresh prefix per cache keeps parallel runs on one Redis apart.
  const prefix = () => `test:catalogue:${randomBytes(6).toString('hex')}`;

  catalogueCacheContract(async (ttlMs) =>
    createCatalogueCache({ redis: connect(), ttlMs, prefix: prefix() }),
  );

  it('shares entries and invalidations between processes', async () => {
    const shared = prefix();
    const one = createCatalogueCache({ redis: connect(), prefix: shared });
    const two = createCatalogueCache({ redis: connect(), prefix: shared });
    await one.getOrLoad('page', async () => ({ from: 'one' }));
    expect(await two.getOrLoad('page', async () => ({ from: 'two' }))).toEqual({ from: 'one' });
    await two.invalidateAll();
    // One may hold a copy in process: it drops it when the invalidation's message arrives.
    await eventually(async () => expect(await one.get('page')).toBeUndefined(), 1_000);
  });

  it('keeps deployments with their own REDIS_KEY_PREFIX apart, and shares within one', async () => {
    const shared = prefix();
    const keyed = (keyPrefix: string) => {
      const client = new Redis(url!, { maxRetriesPerRequest: 1, keyPrefix });
      clients.push(client);
      return createCatalogueCache({ redis: client, prefix: shared });
    };
    const staging = `staging-${randomBytes(4).toString('hex')}:`;
    const live = keyed(`live-${randomBytes(4).toString('hex')}:`);
    const stagingOne = keyed(staging);
    const stagingTwo = keyed(staging);
    await live.getOrLoad('page', async () => ({ from: 'live' }));
    await stagingOne.getOrLoad('page', async () => ({ from: 'staging' }));
    expect(await stagingTwo.getOrLoad('page', async () => ({ from: 'elsewhere' }))).toEqual({
      from: 'staging',
    });
    // An invalidation in staging reaches staging's processes only.
    await stagingTwo.invalidateAll();
    await eventually(async () => expect(await stagingOne.get('page')).toBeUndefined(), 1_000);
    expect(await live.get('page')).toEqual({ from: 'live' });
  });

  /** Retries `check` until it passes or `ms` run out (pub/sub and subscriptions are asynchronous). */
  async function eventually(check: () => Promise<void>, ms = 2_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  /** Changes a cached entry in Redis behind the caches' backs (same version, same expiry). */
  async function overwrite(shared: string, key: string, value: unknown) {
    const probe = connect();
    const [stored] = await probe.keys(`${shared}:*:${key}`);
    expect(stored).toBeDefined();
    await probe.set(stored, JSON.stringify(value), 'KEEPTTL');
  }

  /** Resolves once `cache` keeps local copies (its subscription is confirmed). */
  let probes = 0;
  async function keepsCopies(cache: CatalogueCache, shared: string) {
    await eventually(async () => {
      const key = `probe-${probes++}`;
      await cache.getOrLoad(key, async () => 'loaded');
      await overwrite(shared, key, 'behind');
      expect(await cache.get(key)).toBe('loaded');
    });
  }

  it('keeps what it read in process, and every process drops it on an invalidation', async () => {
    const shared = prefix();
    const one = createCatalogueCache({ redis: connect(), prefix: shared });
    const two = createCatalogueCache({ redis: connect(), prefix: shared });
    await Promise.all([keepsCopies(one, shared), keepsCopies(two, shared)]);

    await one.getOrLoad('page', async () => ({ from: 'one' }));
    expect(await two.getOrLoad('page', async () => ({ from: 'two' }))).toEqual({ from: 'one' });
    // Both now answer from their own copy, not from Redis.
    await overwrite(shared, 'page', { from: 'behind' });
    expect(await one.get('page')).toEqual({ from: 'one' });
    expect(await two.get('page')).toEqual({ from: 'one' });

    const started = performance.now();
    await one.invalidateAll();
    expect(await one.get('page')).toBeUndefined();
    await eventually(async () => expect(await two.get('page')).toBeUndefined(), 1_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await two.getOrLoad('page', async () => ({ from: 'two, fresh' }))).toEqual({ from: 'two, fresh' });
  });

  it('keeps no local copy longer than its Redis entry lives', async () => {
    const shared = prefix();
    const one = createCatalogueCache({ redis: connect(), prefix: shared });
    const two = createCatalogueCache({ redis: connect(), prefix: shared });
    await keepsCopies(two, shared);
    await one.set('short', 'value', 300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Two reads it with ~150 ms left: its copy must go with the Redis entry, not 5 s later.
    expect(await two.get('short')).toBe('value');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await two.get('short')).toBeUndefined();
  });

  it('is what the app uses when REDIS_URL is set', async () => {
    const t = await createTestApp({ env: { REDIS_URL: url! } });
    try {
      const cache = t.services.catalogueCache;
      expect(cache.kind).toBe('redis');
      const tipster = await createTipster(t.database.db);
      await createTip(t.database.db, { tipsterId: tipster.id, now: t.clock.now() });
      await cache.invalidateAll();
      const page = await getOk<{ totalItems: number }>(t, '/api/tips?pageSize=7');
      expect(page.totalItems).toBe(1);
      const probe = connect();
      const stored = await probe.keys(`${CATALOGUE_REDIS_PREFIX}:*:tips:all:1:7:*`);
      expect(stored.length).toBeGreaterThan(0);
      // The encoded page survives the trip through Redis byte for byte: the same answer as the
      // route's serializer gives a signed-in caller who owns nothing.
      const warm = await get(t, '/api/tips?pageSize=7');
      const signedIn = await get(t, '/api/tips?pageSize=7', (await createSignedInUser(t)).token);
      expect(warm.body).toBe(signedIn.body);
      expect(warm.json()).toEqual(page);
    } finally {
      await t.close();
    }
  });
});
