/**
 * Outbound HTTP with a timeout on every attempt and retries with capped, jittered exponential
 * backoff, for calls to services we do not control (PayPal, reCAPTCHA, webhooks…).
 *
 *   const res = await fetchWithRetry(url, { method: 'POST', headers, body }, {
 *     timeoutMs: 10_000, retries: 2, idempotent: true, // POST with an idempotency key (PayPal-Request-Id)
 *   });
 *
 * What is retried: network failures, timeouts, and 408/425/429/500/502/503/504 answers; never
 * other 4xx. A POST or PATCH is retried only when the caller says it is idempotent (an idempotency
 * key makes a repeat harmless); otherwise a timeout might hide a request that did happen.
 * `Retry-After` is honoured up to `maxDelayMs`; a longer one ends the retries. After the last
 * attempt the last response is returned (the caller maps it), or the last error thrown.
 * Bodies must be replayable (string, URLSearchParams, Buffer), not streams.
 */

export interface RetryOptions {
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first (default 2). */
  retries?: number;
  /** First backoff step; each retry doubles it (default 200 ms). */
  baseDelayMs?: number;
  /** Longest wait between attempts, Retry-After included (default 5 s). */
  maxDelayMs?: number;
  /** Whether a repeat is harmless. Default: true for GET, HEAD, OPTIONS, PUT and DELETE. */
  idempotent?: boolean;
  /** The caller's own cancellation (e.g. the request's), on top of the per-attempt timeout. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Test seams. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Hears about each retry (log it: `{ attempt, delayMs, reason }`). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** "Full jitter" (AWS architecture blog): a random wait in [0, min(max, base · 2^attempt)]. */
export function backoffDelayMs(
  attempt: number,
  opts: { baseDelayMs: number; maxDelayMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorReason(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timeout' : error.message;
  return String(error);
}

export async function fetchWithRetry(
  url: string | URL,
  init: RequestInit = {},
  options: RetryOptions = {},
): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const backoff = { baseDelayMs: options.baseDelayMs ?? 200, maxDelayMs: options.maxDelayMs ?? 5000 };
  const sleep = options.sleep ?? defaultSleep;
  const method = (init.method ?? 'GET').toUpperCase();
  const idempotent = options.idempotent ?? IDEMPOTENT_METHODS.has(method);
  const maxAttempts = idempotent ? retries + 1 : 1;

  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const isLast = attempt + 1 >= maxAttempts;
    let waitMs: number;
    let reason: string;
    try {
      const response = await doFetch(url, { ...init, signal });
      if (isLast || !isRetryableStatus(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'), options.now?.() ?? Date.now());
      if (asked !== null && asked > backoff.maxDelayMs) return response;
      // Drain the body so the connection goes back to the pool.
      await response.arrayBuffer().catch(() => undefined);
      waitMs = asked ?? backoffDelayMs(attempt, backoff, options.random);
      reason = `status ${response.status}`;
    } catch (error) {
      // The caller cancelled: stop at once.
      if (options.signal?.aborted || isLast) throw error;
      waitMs = backoffDelayMs(attempt, backoff, options.random);
      reason = errorReason(error);
    }
    options.onRetry?.({ attempt: attempt + 1, delayMs: waitMs, reason });
    await sleep(waitMs);
  }
}
