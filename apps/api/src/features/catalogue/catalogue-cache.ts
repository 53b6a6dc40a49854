import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';

/**
 * The public-catalogue cache: short-lived copies of what every visitor sees (tip pages, tipster
 * pages, profiles, records, rankings). Values hold public fields only; whatever depends on the
 * caller (isFollowed, isOwned, a selection the caller may see) is laid over them per request.
 *
 * In process by default (an LRU with a short TTL). With Redis it is shared by every API process:
 * entries live under a version number, and invalidateAll() bumps the version, so one process's
 * invalidation empties the cache for all of them at once (old entries just expire).
 *
 * Writers that change what the catalogue shows (publishing a tip, settling one, editing a tipster)
 * call `catalogueCacheFor(deps).invalidateAll()` after their transaction commits.
 */
export interface CatalogueCache {
  readonly kind: 'memory' | 'redis';
  /** The cached value, or undefined. */
  get<T>(key: string): Promise<T | undefined>;
  /** Stores a JSON-serialisable value for ttlMs (default: the cache's TTL). */
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  /**
   * The cached value, or the loader's (then stored). Concurrent misses for one key in a process
   * share one load, and a load overtaken by invalidateAll() is returned but not stored.
   */
  getOrLoad<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T>;
  /** Forgets everything (in every process, with Redis). */
  invalidateAll(): Promise<void>;
}

export const DEFAULT_CATALOGUE_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 2_000;
/** Bump when cached shapes change, so a rolling deploy never reads the old shape from Redis. */
export const CATALOGUE_REDIS_PREFIX = 'tips:catalogue:v1';
/** A slow Redis must cost a cache miss, not a stalled request. */
const REDIS_TIMEOUT_MS = 250;

export interface CatalogueCacheOptions {
  redis?: Redis | null;
  ttlMs?: number;
  maxEntries?: number;
  /** Redis key prefix (default CATALOGUE_REDIS_PREFIX); every process of one deployment uses the same. */
  prefix?: string;
  /** Redis failures degrade to misses; this hears about them (default: ignored). */
  onError?: (error: unknown) => void;
}

export function createCatalogueCache(options: CatalogueCacheOptions = {}): CatalogueCache {
  const ttlMs = options.ttlMs ?? DEFAULT_CATALOGUE_TTL_MS;
  if (ttlMs <= 0) return passThroughCache();
  if (options.redis) {
    const prefix = options.prefix ?? CATALOGUE_REDIS_PREFIX;
    return createRedisCache(options.redis, ttlMs, prefix, options.onError ?? (() => {}));
  }
  return createMemoryCache(ttlMs, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
}

/** CATALOGUE_CACHE_TTL_MS=0: every read goes to the database (benchmarks, debugging). */
function passThroughCache(): CatalogueCache {
  return {
    kind: 'memory',
    get: async () => undefined,
    set: async () => {},
    getOrLoad: (_key, load) => load(),
    invalidateAll: async () => {},
  };
}

const caches = new WeakMap<Database, CatalogueCache>();

/**
 * The one cache of an app's database, shared by the features that read or change the catalogue
 * (each feature receives the same `database`). Created on first use, with Redis when configured.
 */
export function catalogueCacheFor(
  deps: { database: Database; redis: Redis | null; config?: { catalogueCacheTtlMs?: number } },
  log?: { warn(details: object, message: string): void },
): CatalogueCache {
  let cache = caches.get(deps.database);
  if (!cache) {
    const onError = (error: unknown) =>
      log?.warn({ err: error }, 'catalogue cache: redis unavailable, serving uncached');
    cache = createCatalogueCache({ redis: deps.redis, onError, ttlMs: deps.config?.catalogueCacheTtlMs });
    caches.set(deps.database, cache);
  }
  return cache;
}

/** Shares one in-flight load per key; `store` decides whether the result is kept. */
function singleFlight() {
  const inflight = new Map<string, Promise<unknown>>();
  return <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const promise = run().finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  };
}

interface MemoryEntry {
  value: unknown;
  expiresAt: number;
}

function createMemoryCache(defaultTtlMs: number, maxEntries: number): CatalogueCache {
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, MemoryEntry>();
  let generation = 0;
  const flight = singleFlight();

  const read = (key: string): unknown => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expiresAt <= performance.now()) return undefined;
    entries.set(key, entry);
    return entry.value;
  };

  const write = (key: string, value: unknown, ttlMs: number) => {
    if (ttlMs <= 0) return;
    entries.delete(key);
    entries.set(key, { value, expiresAt: performance.now() + ttlMs });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    kind: 'memory',
    get: async <T>(key: string) => read(key) as T | undefined,
    set: async (key, value, ttlMs = defaultTtlMs) => write(key, value, ttlMs),
    getOrLoad: async <T>(key: string, load: () => Promise<T>, ttlMs = defaultTtlMs): Promise<T> => {
      const hit = read(key);
      if (hit !== undefined) return hit as T;
      return flight(`${generation}:${key}`, async () => {
        const startedIn = generation;
        const value = await load();
        if (startedIn === generation) write(key, value, ttlMs);
        return value;
      });
    },
    invalidateAll: async () => {
      generation++;
      entries.clear();
    },
  };
}

// One round trip: the current version and the entry stored under it.
const GET_SCRIPT = `
local version = redis.call('GET', KEYS[1]) or '0'
return { version, redis.call('GET', ARGV[1] .. ':' .. version .. ':' .. ARGV[2]) }
`;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`redis: no answer in ${REDIS_TIMEOUT_MS} ms`)),
      REDIS_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function createRedisCache(
  redis: Redis,
  defaultTtlMs: number,
  prefix: string,
  onError: (error: unknown) => void,
): CatalogueCache {
  const flight = singleFlight();
  const versionKey = `${prefix}:version`;
  const entryKey = (version: string, key: string) => `${prefix}:${version}:${key}`;

  /** [version, value]; a failure reads as a miss with no version (nothing will be stored). */
  const lookup = async (key: string): Promise<[string | null, unknown]> => {
    try {
      const [version, raw] = (await withTimeout(redis.eval(GET_SCRIPT, 1, versionKey, prefix, key))) as [
        string,
        string | null,
      ];
      return [version, raw === null ? undefined : JSON.parse(raw)];
    } catch (error) {
      onError(error);
      return [null, undefined];
    }
  };

  const store = async (version: string, key: string, value: unknown, ttlMs: number) => {
    if (ttlMs <= 0) return;
    try {
      await withTimeout(redis.set(entryKey(version, key), JSON.stringify(value), 'PX', ttlMs));
    } catch (error) {
      onError(error);
    }
  };

  return {
    kind: 'redis',
    get: async <T>(key: string) => (await lookup(key))[1] as T | undefined,
    set: async (key, value, ttlMs = defaultTtlMs) => {
      const [version] = await lookup(key);
      if (version !== null) await store(version, key, value, ttlMs);
    },
    getOrLoad: async <T>(key: string, load: () => Promise<T>, ttlMs = defaultTtlMs): Promise<T> => {
      const [version, hit] = await lookup(key);
      if (hit !== undefined) return hit as T;
      return flight(`${version}:${key}`, async () => {
        const value = await load();
        // Stored under the version read before loading: if an invalidation came in between,
        // the entry sits under the old version and is never read.
        if (version !== null) await store(version, key, value, ttlMs);
        return value;
      });
    },
    invalidateAll: async () => {
      try {
        await withTimeout(redis.incr(versionKey));
      } catch (error) {
        // Entries expire within the TTL anyway; a failed bump only delays what visitors see.
        onError(error);
      }
    },
  };
}
