import { PriceSourceError } from '../price-source.port';
import { totalPages } from './api-football.mapping';

/**
 * API-Football v3 over REST (decision 135): `x-apisports-key` on every call. Its limits are per
 * minute and per day (`x-ratelimit-remaining`, `x-ratelimit-requests-remaining`): a 429 — or a 200
 * whose `errors` says the limit is reached, which API-Football also sends — is retried after
 * max(Retry-After, base · 2^attempt), capped, a few times, and then reported as rate-limited; a
 * wrong key is reported at once. Calls go out one at a time per client. The refresher decides how
 * often a league and day may be polled at all (`minPollMs`), so this client never loops.
 */

export interface ApiFootballRestOptions {
  apiBase: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** First back-off step, doubled each retry (default 5 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Most `/odds` pages read for one league and day (default 10). */
  maxPages?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

export interface LeagueDay {
  league: number;
  season: number;
  /** YYYY-MM-DD */
  date: string;
}

export interface ApiFootballClient {
  /** `/fixtures?league&season&date`: the day's fixtures with their teams. */
  fixtures(query: LeagueDay): Promise<unknown>;
  /** `/odds?league&season&date&page`: every page of the day's pre-match odds. */
  odds(query: LeagueDay): Promise<unknown[]>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** API-Football's `errors`: [] when fine, else an object such as {token: '…'} or {requests: '…'}. */
function errorsOf(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, String(v)]));
}

export function apiFootballBackoffMs(
  attempt: number,
  hintMs: number | null,
  opts: { baseDelayMs: number; maxDelayMs: number },
): number {
  return Math.min(opts.maxDelayMs, Math.max(hintMs ?? 0, opts.baseDelayMs * 2 ** attempt));
}

export function createApiFootballRestClient(opts: ApiFootballRestOptions): ApiFootballClient {
  const base = opts.apiBase.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? defaultSleep;
  const retries = opts.retries ?? 2;
  const backoff = { baseDelayMs: opts.baseDelayMs ?? 5000, maxDelayMs: opts.maxDelayMs ?? 65_000 };
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const maxPages = opts.maxPages ?? 10;
  let queue: Promise<unknown> = Promise.resolve();

  async function get(path: string, query: Record<string, string | number>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    for (let attempt = 0; ; attempt++) {
      let reason: string;
      let status: number | undefined;
      let hintMs: number | null = null;
      try {
        const response = await doFetch(url, {
          headers: { 'x-apisports-key': opts.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        const body = await response.json().catch(() => null);
        const errors = errorsOf(body);
        const limited = response.status === 429 || 'requests' in errors || 'rateLimit' in errors;
        if (response.ok && !limited && Object.keys(errors).length === 0) return body;
        reason = `${response.status} ${Object.values(errors).join('; ')}`.trim();
        if ('token' in errors || response.status === 401 || response.status === 403) {
          throw new PriceSourceError('unauthorized', `API-Football GET ${path}: ${reason}`, status);
        }
        if (limited) {
          status = 429;
          const retryAfter = Number(response.headers.get('retry-after'));
          hintMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null;
        } else if (response.status < 500) {
          throw new PriceSourceError('rejected', `API-Football GET ${path}: ${reason}`, status);
        }
      } catch (error) {
        if (error instanceof PriceSourceError) throw error;
        reason =
          error instanceof Error
            ? error.name === 'TimeoutError'
              ? 'timeout'
              : error.message
            : String(error);
      }
      if (attempt >= retries) {
        throw new PriceSourceError(
          status === 429 ? 'rate-limited' : 'unavailable',
          `API-Football GET ${path} failed after ${attempt + 1} attempts: ${reason}`,
          status,
        );
      }
      const delayMs = apiFootballBackoffMs(attempt, hintMs, backoff);
      opts.onRetry?.({ attempt: attempt + 1, delayMs, reason });
      await sleep(delayMs);
    }
  }

  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    fixtures: ({ league, season, date }) => serialized(() => get('/fixtures', { league, season, date })),
    odds: ({ league, season, date }) =>
      serialized(async () => {
        const first = await get('/odds', { league, season, date, page: 1 });
        const bodies = [first];
        const pages = Math.min(maxPages, totalPages(first));
        for (let page = 2; page <= pages; page++)
          bodies.push(await get('/odds', { league, season, date, page }));
        return bodies;
      }),
  };
}
