import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogueCache } from './catalogue-cache';
import { catalogueCacheContract } from './catalogue-cache.contract';

describe('catalogue cache in process', () => {
  catalogueCacheContract(async (ttlMs) => createCatalogueCache({ ttlMs }));

  it('evicts the least recently used entry beyond its size', async () => {
    const cache = createCatalogueCache({ maxEntries: 2 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    expect(await cache.get('a')).toBe(1);
    await cache.set('c', 3);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('c')).toBe(3);
  });

  it('stores nothing with a TTL of 0', async () => {
    const cache = createCatalogueCache({ ttlMs: 0 });
    let loads = 0;
    await cache.getOrLoad('k', async () => ++loads);
    await cache.getOrLoad('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('catalogue cache with Redis down', () => {
  // Nothing listens on port 1: every command fails at once.
  const redis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  afterAll(() => redis.disconnect());

  it('serves from the loader and reports the failure', async () => {
    const errors: unknown[] = [];
    const cache = createCatalogueCache({ redis, onError: (e) => errors.push(e) });
    expect(cache.kind).toBe('redis');
    expect(await cache.getOrLoad('k', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('k')).toBeUndefined();
    await expect(cache.invalidateAll()).resolves.toBeUndefined();
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });
});

describe('a catalogue cache with a zero lifetime', () => {
  it('stores nothing, so every read loads', async () => {
    const cache = createCatalogueCache({ ttlMs: 0 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('k', load);
    await cache.set('k', 5);
    expect(await cache.get('k')).toBeUndefined();
    await cache.getOrLoad('k', load);
    expect(loads).toBe(2);
  });
});
