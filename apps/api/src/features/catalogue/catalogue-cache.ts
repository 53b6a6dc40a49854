import type { Redis } from 'ioredis';
import { type CachedResponses, createCachedResponses, noCachedResponses } from './cached-responses';

/**
 * The public-catalogue cache: short-lived copies of what every visitor sees (tip pages, tipster
 * pages, profiles, records, rankings). Values hold public fields only; whatever depends on the
 * caller (isFollowed, isOwned, a selection the caller may see) is laid over them per request.
 *
 * In process by default (an LRU with a short TTL). With Redis it is shared by every API process:
 * entries live under a version number, and invalidateAll() bumps the version, so one process's
 * invalidation empties the cache for all of them at once (old entries just expire). Each process
 * also keeps what it read from Redis in its own LRU, so that a hit costs no round trip; the bump is
 * published on a Redis channel that every process listens to, and a process drops its copies when
 * it hears one (see createRedisCache for why a missed message cannot keep a copy past its TTL).
 *
 * Writers that change what the catalogue shows (publishing a tip, settling one, editing a tipster)
 * call `services.onCatalogueChanged()` (built in app.ts) after their transaction commits.
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
  /** Whole anonymous responses by URL, cleared whenever this process's copies are. */
  readonly responses: CachedResponses;
}

export const DEFAULT_CATALOGUE_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 2_000;
/** Bump when cached shapes change, so a rolling deploy never reads the old shape from Redis. */
export const CATALOGUE_REDIS_PREFIX = 'tips:catalogue:v2';
/** A slow Redis must cost a cache miss, not a stalled request. */
const REDIS_TIMEOUT_MS = 250;

export interface CatalogueCacheOptions {
  redis?: Redis | null;
  ttlMs?: number;
  /** Entries kept in process (the whole cache in memory, the local copies with Redis). */
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
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    return createRedisCache(options.redis, ttlMs, prefix, options.onError ?? (() => {}), maxEntries);
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
    responses: noCachedResponses,
  };
}

/**
 * The app's catalogue cache as config says (TTL, Redis when configured). buildApp calls it once
 * and hands the cache to the features that read or change the catalogue.
 */
export function catalogueCacheFromConfig(
  deps: { redis: Redis | null; config?: { catalogueCacheTtlMs?: number } },
  log?: { warn(details: object, message: string): void },
): CatalogueCache {
  const onError = (error: unknown) =>
    log?.warn({ err: error }, 'catalogue cache: redis unavailable, serving uncached');
  return createCatalogueCache({ redis: deps.redis, onError, ttlMs: deps.config?.catalogueCacheTtlMs });
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

/** An in-process LRU with a TTL per entry. */
function lruStore(maxEntries: number) {
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, MemoryEntry>();

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

  return { read, write, clear: () => entries.clear() };
}

function createMemoryCache(defaultTtlMs: number, maxEntries: number): CatalogueCache {
  const { read, write, clear } = lruStore(maxEntries);
  let generation = 0;
  const flight = singleFlight();
  const responses = createCachedResponses({ ttlMs: defaultTtlMs });

  return {
    kind: 'memory',
    responses,
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
      clear();
      responses.clear();
    },
  };
}

// One round trip: the current version, the entry stored under it and how long it has to live.
const GET_SCRIPT = `
local version = redis.call('GET', KEYS[1]) or '0'
local key = ARGV[1] .. ':' .. version .. ':' .. ARGV[2]
return { version, redis.call('GET', key), redis.call('PTTL', key) }
`;

// The bump and its announcement together: no process hears of a version that was not bumped.
const INVALIDATE_SCRIPT = `
local version = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], version)
return version
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

/**
 * Calls `onMessage` for every message on `channel`, on a connection of its own (a subscribed
 * connection can run nothing else), and also whenever messages may have been missed (the
 * connection closed). `isListening()` is true only between a confirmed SUBSCRIBE and the
 * connection's next close. The connection ends with `redis`'s.
 */
function subscribe(redis: Redis, channel: string, onMessage: () => void, onError: (error: unknown) => void) {
  let listening = false;
  const subscriber = redis.duplicate({ lazyConnect: true });
  subscriber.on('error', onError);
  subscriber.on('message', (from: string) => {
    if (from === channel) onMessage();
  });
  subscriber.on('ready', () => {
    // ioredis resubscribes by itself after a reconnect but does not say when Redis confirmed it;
    // the answer to our own SUBSCRIBE does.
    subscriber.subscribe(channel).then(() => {
      listening = true;
    }, onError);
  });
  subscriber.on('close', () => {
    listening = false;
    onMessage();
  });
  subscriber.connect().catch(onError);
  redis.once('end', () => subscriber.disconnect());
  return { isListening: () => listening };
}

/**
 * Redis holds the shared entries; each process keeps a copy of what it read or loaded in a local
 * LRU, so that a hit costs neither a round trip nor a JSON.parse.
 *
 * The local copies stay right because:
 * - invalidateAll() bumps the version and PUBLISHes it in one script; every process SUBSCRIBEs
 *   and, on a message, bumps its local generation and drops its copies;
 * - a copy is kept only if no message came in since its lookup started (the lookup may have read
 *   the old version), and only while the subscription is confirmed (none can have been missed);
 * - a copy expires when its Redis entry does (PTTL), so even a lost message (a dropped connection
 *   is noticed late) leaves it stale for no longer than the Redis TTL, as without local copies.
 */
function createRedisCache(
  redis: Redis,
  defaultTtlMs: number,
  prefix: string,
  onError: (error: unknown) => void,
  maxLocalEntries: number,
): CatalogueCache {
  const flight = singleFlight();
  const versionKey = `${prefix}:version`;
  // ioredis prefixes the keys it is given (REDIS_KEY_PREFIX), not the ones the GET script builds
  // from its arguments nor channel names: those take the prefix here.
  const keyPrefix = redis.options.keyPrefix ?? '';
  // Channels are server-wide, not per database index: the index keeps deployments apart.
  const channel = `${keyPrefix}${prefix}:${redis.options.db ?? 0}:invalidated`;
  const entryKey = (version: string, key: string) => `${prefix}:${version}:${key}`;
  const local = lruStore(maxLocalEntries);
  // Whole responses, like local copies, are kept only while no invalidation can be missed.
  const responses = createCachedResponses({ ttlMs: defaultTtlMs, canKeep: () => subscription.isListening() });
  let generation = 0;
  const forgetLocal = () => {
    generation++;
    local.clear();
    responses.clear();
  };
  const subscription = subscribe(redis, channel, forgetLocal, onError);

  const keepLocal = (startedIn: number, key: string, value: unknown, ttlMs: number) => {
    if (startedIn === generation && subscription.isListening()) local.write(key, value, ttlMs);
  };

  /** [version, value, ms left]; a failure reads as a miss with no version (nothing will be stored). */
  const lookup = async (key: string): Promise<[string | null, unknown, number]> => {
    try {
      const [version, raw, ttl] = (await withTimeout(
        redis.eval(GET_SCRIPT, 1, versionKey, keyPrefix + prefix, key),
      )) as [string, string | null, number];
      return [version, raw === null ? undefined : JSON.parse(raw), ttl];
    } catch (error) {
      onError(error);
      return [null, undefined, 0];
    }
  };

  /** The value as every process will read it back (JSON), or undefined if Redis did not take it. */
  const store = async (version: string, key: string, value: unknown, ttlMs: number): Promise<unknown> => {
    if (ttlMs <= 0) return undefined;
    const raw = JSON.stringify(value);
    try {
      await withTimeout(redis.set(entryKey(version, key), raw, 'PX', ttlMs));
      return JSON.parse(raw);
    } catch (error) {
      onError(error);
      return undefined;
    }
  };

  /** The value from the local copy or Redis (kept locally); undefined with its version on a miss. */
  const read = async (key: string, startedIn: number): Promise<[string | null, unknown]> => {
    const copy = local.read(key);
    if (copy !== undefined) return [null, copy];
    const [version, value, ttl] = await lookup(key);
    if (value !== undefined) keepLocal(startedIn, key, value, ttl);
    return [version, value];
  };

  return {
    kind: 'redis',
    responses,
    get: async <T>(key: string) => (await read(key, generation))[1] as T | undefined,
    set: async (key, value, ttlMs = defaultTtlMs) => {
      const startedIn = generation;
      const [version] = await lookup(key);
      if (version === null) return;
      const stored = await store(version, key, value, ttlMs);
      if (stored !== undefined) keepLocal(startedIn, key, stored, ttlMs);
    },
    getOrLoad: async <T>(key: string, load: () => Promise<T>, ttlMs = defaultTtlMs): Promise<T> => {
      const copy = local.read(key);
      if (copy !== undefined) return copy as T;
      const startedIn = generation;
      // Concurrent misses share the Redis lookup as well as the load.
      return flight(`${startedIn}:${key}`, async () => {
        const [version, hit] = await read(key, startedIn);
        if (hit !== undefined) return hit as T;
        const value = await load();
        // Stored under the version read before loading: if an invalidation came in between,
        // the entry sits under the old version and is never read (and is not kept locally).
        if (version !== null) {
          const stored = await store(version, key, value, ttlMs);
          if (stored !== undefined) keepLocal(startedIn, key, stored, ttlMs);
        }
        return value;
      });
    },
    invalidateAll: async () => {
      forgetLocal(); // this process at once, whether or not Redis answers
      try {
        await withTimeout(redis.eval(INVALIDATE_SCRIPT, 1, versionKey, channel));
      } catch (error) {
        // Entries expire within the TTL anyway; a failed bump only delays what visitors see.
        onError(error);
      }
    },
  };
}
