import autocannon from 'autocannon';

/** One autocannon run: what a table row shows. */
export interface LoadResult {
  name: string;
  /** 2xx answers per second. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  /** A fixed path, or one per request (rotating ids, pages…). */
  path: string | (() => string);
  /** Per request: a body and headers (e.g. a purchase by a different buyer each time). */
  build?: () => { body?: string; headers?: Record<string, string> };
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  /** A short unmeasured run first (JIT, pools, caches). */
  warmupSeconds?: number;
}

async function fire(url: string, request: LoadRequest, connections: number, seconds: number) {
  const nextPath = typeof request.path === 'string' ? () => request.path as string : request.path;
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: request.method ?? 'GET',
        setupRequest: (req) => {
          const extra = request.build?.();
          return {
            ...req,
            path: nextPath(),
            ...(extra?.body !== undefined ? { body: extra.body } : {}),
            headers: { ...req.headers, ...(extra?.headers ?? {}) },
          };
        },
      },
    ],
  });
}

export async function runLoad(
  name: string,
  baseUrl: string,
  request: LoadRequest,
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.warmupSeconds) await fire(baseUrl, request, options.connections, options.warmupSeconds);
  const result = await fire(baseUrl, request, options.connections, options.durationSeconds);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    name,
    // Answered successfully per second: a shed 503 or a 4xx is fast and must not count as served.
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

/** Round-robin over a list (ids, pages). */
export function rotate<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}
