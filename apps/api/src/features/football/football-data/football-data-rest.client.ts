import { toFeedFixtures } from './football-data.mapping';
import { FootballFeedError, type FootballFeedPort, type MatchWindow } from './football-feed.port';

/**
 * football-data.org v4 over REST: `X-Auth-Token` on every call, and its rate limit respected.
 * Each answer carries `X-Requests-Available-Minute` (calls left in this minute) and
 * `X-RequestCounter-Reset` (seconds until the counter resets): when none are left the next call
 * waits for the reset instead of spending a 429. A 429, a 5xx or a network failure is retried after
 * max(the server's reset hint, base · 2^attempt), capped, a few times; never in a tight loop.
 * Calls go out one at a time per client, so concurrent callers cannot overrun the minute's quota.
 */

export interface FootballDataRestOptions {
  apiBase: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First back-off step, doubled each retry (default 2 s). */
  baseDelayMs?: number;
  /** Longest wait before one call, reset hints included (default 65 s: a whole minute window). */
  maxDelayMs?: number;
  /** Test seams. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before retry number `attempt` (0-based): exponential, at least the hint, capped. */
export function footballDataBackoffMs(
  attempt: number,
  hintMs: number | null,
  opts: { baseDelayMs: number; maxDelayMs: number },
): number {
  return Math.min(opts.maxDelayMs, Math.max(hintMs ?? 0, opts.baseDelayMs * 2 ** attempt));
}

function secondsHeader(response: Response, name: string): number | null {
  const value = response.headers.get(name);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

export function createFootballDataRestClient(opts: FootballDataRestOptions): FootballFeedPort {
  const base = opts.apiBase.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const retries = opts.retries ?? 3;
  const backoff = { baseDelayMs: opts.baseDelayMs ?? 2000, maxDelayMs: opts.maxDelayMs ?? 65_000 };
  const timeoutMs = opts.timeoutMs ?? 20_000;
  /** Calls left in the current minute and when it resets (epoch ms), as the server last said. */
  let quota: { available: number; resetAt: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function remember(response: Response) {
    const available = secondsHeader(response, 'x-requests-available-minute');
    const reset = secondsHeader(response, 'x-requestcounter-reset');
    if (available !== null) quota = { available, resetAt: now() + (reset ?? 60) * 1000 };
  }

  async function waitForQuota() {
    if (!quota || quota.available > 0) return;
    const waitMs = Math.min(backoff.maxDelayMs, quota.resetAt - now());
    quota = null;
    if (waitMs > 0) await sleep(waitMs);
  }

  async function get(path: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      await waitForQuota();
      let hintMs: number | null = null;
      let reason: string;
      let status: number | undefined;
      try {
        const response = await doFetch(`${base}${path}`, {
          headers: { 'x-auth-token': opts.token, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        remember(response);
        status = response.status;
        const body = await response.json().catch(() => null);
        if (response.ok) return body;
        const message = (body as { message?: unknown } | null)?.message;
        reason = `${response.status} ${typeof message === 'string' ? message : ''}`.trim();
        if (response.status === 400 || response.status === 401 || response.status === 403) {
          const kind = response.status === 400 && !/token/i.test(reason) ? 'rejected' : 'unauthorized';
          throw new FootballFeedError(kind, `football-data.org GET ${path}: ${reason}`, response.status);
        }
        if (response.status !== 429 && response.status < 500) {
          throw new FootballFeedError(
            'rejected',
            `football-data.org GET ${path}: ${reason}`,
            response.status,
          );
        }
        if (response.status === 429) {
          const seconds =
            secondsHeader(response, 'x-requestcounter-reset') ?? secondsHeader(response, 'retry-after');
          hintMs = seconds === null ? null : seconds * 1000;
          quota = null;
        }
      } catch (error) {
        if (error instanceof FootballFeedError) throw error;
        reason =
          error instanceof Error
            ? error.name === 'TimeoutError'
              ? 'timeout'
              : error.message
            : String(error);
      }
      if (attempt >= retries) {
        throw new FootballFeedError(
          status === 429 ? 'rate-limited' : 'unavailable',
          `football-data.org GET ${path} failed after ${attempt + 1} attempts: ${reason}`,
          status,
        );
      }
      const delayMs = footballDataBackoffMs(attempt, hintMs, backoff);
      opts.onRetry?.({ attempt: attempt + 1, delayMs, reason });
      await sleep(delayMs);
    }
  }

  /** One call at a time: the quota the last answer reported governs the next call. */
  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    listMatches(competition: string, window: MatchWindow) {
      return serialized(async () => {
        const query = new URLSearchParams({ dateFrom: window.dateFrom, dateTo: window.dateTo });
        const body = await get(`/competitions/${encodeURIComponent(competition)}/matches?${query}`);
        const mapped = toFeedFixtures(body, competition);
        if (!mapped)
          throw new FootballFeedError('unavailable', 'football-data.org sent a body we could not read');
        return mapped.fixtures;
      });
    },
  };
}
