import { catalogueCacheFromConfig } from '../../src/features/catalogue/catalogue-cache';

/**
 * Whether CATALOGUE_CACHE_TTL_MS=0 really turns the catalogue cache off: asks the very function
 * the app uses for its cache, given a config with TTL 0, to keep an entry and to share one load
 * between two concurrent misses. "Off" must mean neither, or an uncached run would still be
 * served from memory. If the setting is not wired through (see docs/performance.md), the uncached
 * runs fall back to requests that each miss the cache by asking for a key of their own.
 */
export async function isCacheTtlSettingHonoured(): Promise<boolean> {
  const cache = catalogueCacheFromConfig({ redis: null, config: { catalogueCacheTtlMs: 0 } });
  await cache.set('probe', 1);
  if ((await cache.get('probe')) !== undefined) return false;
  let loads = 0;
  const load = async () => {
    loads++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return loads;
  };
  await Promise.all([cache.getOrLoad('shared', load), cache.getOrLoad('shared', load)]);
  return loads === 2;
}
