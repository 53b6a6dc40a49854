import { describe, expect, it } from 'vitest';
import { backoffDelayMs, fetchWithRetry, isRetryableStatus, retryAfterMs } from './http-retry';

/** A fetch that answers from a script: a status (with optional headers) or an error to throw. */
function scriptedFetch(script: Array<number | Error | { status: number; headers: Record<string, string> }>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const step = script[Math.min(calls.length - 1, script.length - 1)];
    if (step instanceof Error) throw step;
    const { status, headers } = typeof step === 'number' ? { status: step, headers: {} } : step;
    return new Response(`attempt ${calls.length}`, { status, headers });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const instant = { sleep: async () => {}, random: () => 0.5 };

describe('fetchWithRetry', () => {
  it('returns the first good answer without retrying', async () => {
    const { fetchImpl, calls } = scriptedFetch([200]);
    const res = await fetchWithRetry('http://x/ok', {}, { fetch: fetchImpl, ...instant });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('retries 503 and network errors on a GET, then succeeds', async () => {
    const { fetchImpl, calls } = scriptedFetch([503, new TypeError('fetch failed'), 200]);
    const retries: string[] = [];
    const res = await fetchWithRetry(
      'http://x/flaky',
      {},
      { fetch: fetchImpl, ...instant, onRetry: (r) => retries.push(r.reason) },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('attempt 3');
    expect(retries).toEqual(['status 503', 'fetch failed']);
    expect(calls).toHaveLength(3);
  });

  it('gives up after the retries and returns the last answer', async () => {
    const { fetchImpl, calls } = scriptedFetch([502]);
    const res = await fetchWithRetry('http://x/down', {}, { fetch: fetchImpl, retries: 3, ...instant });
    expect(res.status).toBe(502);
    expect(calls).toHaveLength(4);
  });

  it('throws the last error when every attempt fails', async () => {
    const { fetchImpl, calls } = scriptedFetch([new TypeError('fetch failed')]);
    await expect(fetchWithRetry('http://x/gone', {}, { fetch: fetchImpl, ...instant })).rejects.toThrow(
      'fetch failed',
    );
    expect(calls).toHaveLength(3);
  });

  it('never retries a client error', async () => {
    const { fetchImpl, calls } = scriptedFetch([422, 200]);
    const res = await fetchWithRetry('http://x/bad', {}, { fetch: fetchImpl, ...instant });
    expect(res.status).toBe(422);
    expect(calls).toHaveLength(1);
  });

  it('does not repeat a POST unless the caller says it is idempotent', async () => {
    const plain = scriptedFetch([503, 200]);
    const once = await fetchWithRetry(
      'http://x/p',
      { method: 'POST' },
      { fetch: plain.fetchImpl, ...instant },
    );
    expect(once.status).toBe(503);
    expect(plain.calls).toHaveLength(1);

    const keyed = scriptedFetch([503, 200]);
    const res = await fetchWithRetry(
      'http://x/p',
      { method: 'POST', headers: { 'paypal-request-id': 'k1' }, body: '{}' },
      { fetch: keyed.fetchImpl, idempotent: true, ...instant },
    );
    expect(res.status).toBe(200);
    expect(keyed.calls).toHaveLength(2);
    expect(keyed.calls[1].init?.body).toBe('{}');
  });

  it('waits as long as Retry-After asks, and stops when it asks too much', async () => {
    const waits: number[] = [];
    const short = scriptedFetch([{ status: 429, headers: { 'retry-after': '2' } }, 200]);
    await fetchWithRetry(
      'http://x/slow',
      {},
      { fetch: short.fetchImpl, sleep: async (ms) => void waits.push(ms), maxDelayMs: 5000 },
    );
    expect(waits).toEqual([2000]);

    const long = scriptedFetch([{ status: 503, headers: { 'retry-after': '120' } }, 200]);
    const res = await fetchWithRetry('http://x/slow', {}, { fetch: long.fetchImpl, ...instant });
    expect(res.status).toBe(503);
    expect(long.calls).toHaveLength(1);
  });

  it('times out a hanging attempt and retries it', async () => {
    let calls = 0;
    const hangingOnce = (async (_url: string | URL | Request, init?: RequestInit) => {
      calls++;
      if (calls > 1) return new Response('ok');
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }) as typeof fetch;
    const reasons: string[] = [];
    const res = await fetchWithRetry(
      'http://x/hang',
      {},
      { fetch: hangingOnce, timeoutMs: 30, ...instant, onRetry: (r) => reasons.push(r.reason) },
    );
    expect(await res.text()).toBe('ok');
    expect(reasons).toEqual(['timeout']);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const { fetchImpl, calls } = scriptedFetch([new TypeError('fetch failed')]);
    controller.abort();
    await expect(
      fetchWithRetry('http://x/cancel', {}, { fetch: fetchImpl, signal: controller.signal, ...instant }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});

describe('backoff helpers', () => {
  it('doubles the ceiling per attempt up to the cap, with full jitter', () => {
    const opts = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((a) => backoffDelayMs(a, opts, () => 0.999))).toEqual([
      99, 199, 399, 799, 999,
    ]);
    expect(backoffDelayMs(3, opts, () => 0)).toBe(0);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('knows which statuses are worth another try', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
