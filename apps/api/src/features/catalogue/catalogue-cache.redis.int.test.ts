import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTip, createTipster } from '../../db/seed/factories';
import { getOk } from './catalogue.test-support';
import { CATALOGUE_REDIS_PREFIX, catalogueCacheFor, createCatalogueCache } from './catalogue-cache';
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
    expect(await one.get('page')).toBeUndefined();
  });

  it('is what the app uses when REDIS_URL is set', async () => {
    const t = await createTestApp({ env: { REDIS_URL: url! } });
    try {
      const cache = catalogueCacheFor({ database: t.database, redis: null });
      expect(cache.kind).toBe('redis');
      const tipster = await createTipster(t.database.db);
      await createTip(t.database.db, { tipsterId: tipster.id, now: t.clock.now() });
      await cache.invalidateAll();
      const page = await getOk<{ totalItems: number }>(t, '/api/tips?pageSize=7');
      expect(page.totalItems).toBe(1);
      const probe = connect();
      const stored = await probe.keys(`${CATALOGUE_REDIS_PREFIX}:*:tips:all:1:7:*`);
      expect(stored.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
