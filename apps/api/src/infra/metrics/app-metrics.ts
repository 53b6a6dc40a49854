import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue #20.5), one registry per app so tests that build many
 * apps never share counters. Each process exposes its own figures; Prometheus sums them across
 * processes. What lives in the database (outbox, settlement lag) is read at scrape time by the
 * gauges' collectors, so every process reports the same shared truth.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  paypalFailures: Counter<'operation' | 'kind'>;
  cacheLookups: Counter<'layer' | 'result'>;
}

/** Seconds: from a cached response (~0.1 ms) to a slow PayPal round trip. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  // Process CPU, memory, handles, GC and the event loop's delay (nodejs_eventloop_lag_* seconds).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern (not raw URL), method and status; _count gives the rate',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    paypalFailures: new Counter({
      name: 'tips_paypal_failures_total',
      help: 'PayPal REST calls that failed, by operation and kind (unavailable = outcome unknown)',
      labelNames: ['operation', 'kind'],
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: 'tips_cache_lookups_total',
      help: 'Catalogue cache lookups: layer "response" = whole responses at the front door, "data" = loaded values',
      labelNames: ['layer', 'result'],
      registers: [registry],
    }),
  };
}

/** A gauge whose value is read when Prometheus scrapes (a database figure, a pool's size). */
export function scrapeGauge(
  metrics: AppMetrics,
  options: {
    name: string;
    help: string;
    labelNames?: string[];
    read: (gauge: Gauge) => Promise<void> | void;
  },
): void {
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [metrics.registry],
    async collect() {
      await options.read(this);
    },
  });
}
