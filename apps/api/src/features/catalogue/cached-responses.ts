import type { IncomingMessage } from 'node:http';

/**
 * Whole public catalogue responses by exact URL, kept for about a second, so that the HTTP server
 * can answer a repeated anonymous GET before Fastify sees it (lib/http-server.ts and
 * cached-response-door.ts; docs/decisions/044-cached-responses.md).
 *
 * A body is kept only after the app itself answered that URL with the catalogue's encoded public
 * view (EncodedJson): the app validated the query, ran the route and chose the anonymous bytes,
 * so the same URL without a token gets the same bytes. The store belongs to the catalogue cache
 * and is cleared with it, so an invalidation (a new tip, a settlement) reaches these copies at once
 * in this process, and with the pub/sub message in the others.
 */
export interface CachedResponses {
  /** The body kept for this exact URL (path and query string), if it is still fresh. */
  find(url: string): Buffer | undefined;
  /** Called as a request enters the app: what the app reads for it from now on may be kept. */
  track(request: IncomingMessage): void;
  /** Keeps what the app sends an anonymous caller, unless the cache was cleared since `track`. */
  keep(request: IncomingMessage, json: string): void;
  /** Forgets every body (the catalogue cache's invalidation). */
  clear(): void;
}

/** Short on purpose: a time-based change (a kick-off passing) shows at most this much later. */
export const CACHED_RESPONSE_TTL_MS = 1_000;
const DEFAULT_MAX_ENTRIES = 1_000;

interface Entry {
  body: Buffer;
  expiresAt: number;
}

const TRACKED = Symbol('cached-responses.generation');
type TrackedRequest = IncomingMessage & { [TRACKED]?: number };

export interface CachedResponsesOptions {
  /** The catalogue cache's TTL: no body outlives it. */
  ttlMs: number;
  maxEntries?: number;
  /** False while copies could miss an invalidation (the Redis subscription is not confirmed). */
  canKeep?: () => boolean;
}

export function createCachedResponses(options: CachedResponsesOptions): CachedResponses {
  const ttlMs = Math.min(options.ttlMs, CACHED_RESPONSE_TTL_MS);
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const canKeep = options.canKeep ?? (() => true);
  const entries = new Map<string, Entry>();
  let generation = 0;

  const find = (url: string): Buffer | undefined => {
    const entry = entries.get(url);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > performance.now()) return entry.body;
    entries.delete(url);
    return undefined;
  };

  return {
    find,
    track: (request) => {
      (request as TrackedRequest)[TRACKED] = generation;
    },
    keep: (request, json) => {
      const url = request.url;
      const startedIn = (request as TrackedRequest)[TRACKED];
      if (startedIn !== generation || request.method !== 'GET' || url === undefined) return;
      if (!canKeep() || find(url) !== undefined) return;
      // Oldest first: entries live a second, so dropping the oldest is dropping the nearest to expiry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(url, { body: Buffer.from(json), expiresAt: performance.now() + ttlMs });
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
}

/** CATALOGUE_CACHE_TTL_MS=0: nothing is kept. */
export const noCachedResponses: CachedResponses = {
  find: () => undefined,
  track: () => {},
  keep: () => {},
  clear: () => {},
};
