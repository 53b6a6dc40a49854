import { expect, it } from 'vitest';
import type { CatalogueCache } from './catalogue-cache';

/** What every CatalogueCache must do; run against the in-process and the Redis implementation. */

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function catalogueCacheContract(make: (ttlMs?: number) => Promise<CatalogueCache>) {
  it('misses, then returns what was stored', async () => {
    const cache = await make();
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('a', { n: 1, list: [1, 2], text: 'x' });
    expect(await cache.get('a')).toEqual({ n: 1, list: [1, 2], text: 'x' });
  });

  it('forgets entries after their TTL', async () => {
    const cache = await make(40);
    await cache.set('short', 1);
    expect(await cache.get('short')).toBe(1);
    await sleep(80);
    expect(await cache.get('short')).toBeUndefined();
  });

  it('loads once and serves the copy afterwards, also to concurrent callers', async () => {
    const cache = await make();
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(20);
      return { page: loads };
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad('k', load)));
    expect(results).toEqual(Array.from({ length: 10 }, () => ({ page: 1 })));
    expect(await cache.getOrLoad('k', load)).toEqual({ page: 1 });
    expect(loads).toBe(1);
  });

  it('caches null (a known absence) but not undefined', async () => {
    const cache = await make();
    let loads = 0;
    await cache.getOrLoad('none', async () => {
      loads++;
      return null;
    });
    expect(await cache.getOrLoad('none', async () => ({ loads: ++loads }))).toBeNull();
    expect(loads).toBe(1);
  });

  it('invalidateAll empties it', async () => {
    const cache = await make();
    await cache.set('a', 1);
    await cache.getOrLoad('b', async () => 2);
    await cache.invalidateAll();
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.getOrLoad('b', async () => 3)).toBe(3);
  });

  it('does not store a load that an invalidation overtook', async () => {
    const cache = await make();
    const gate = deferred<string>();
    const pending = cache.getOrLoad('race', () => gate.promise);
    await sleep(10);
    await cache.invalidateAll();
    gate.resolve('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('race')).toBeUndefined();
  });
}
