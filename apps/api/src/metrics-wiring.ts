import type { FastifyBaseLogger } from 'fastify';
import type { Gauge } from 'prom-client';
import type { Database } from './db/client';
import { countPendingAlertEmails } from './features/alerts/alert-mailer.repo';
import type { CatalogueCache } from './features/catalogue/catalogue-cache';
import { PaypalError, type PaypalPort } from './features/commerce/paypal/paypal.port';
import { readSettlementLag } from './features/tips/settlement/settlement-lag.repo';
import { readOutboxBacklog } from './infra/mail/outbox.repo';
import { type AppMetrics, scrapeGauge } from './infra/metrics/app-metrics';
import { countFailedEmails, readBusinessTotals } from './infra/metrics/operations.repo';
import type { Clock } from './lib/clock';
import type { FrontDoor } from './lib/http-server';
import { workerLastSuccess } from './lib/repeating-task';

/**
 * How the product's parts report to the metrics registry, wired by buildApp: decorators around
 * the PayPal port, the catalogue cache and the cached-response front door (which answers before
 * Fastify, so its requests are timed here), and the gauges read from the database at scrape time.
 */

const PAYPAL_OPERATIONS = [
  'createOrder',
  'getOrder',
  'captureOrder',
  'refundCapture',
  'createPayout',
] as const;

/** Counts every failed PayPal call by operation and kind, and rethrows it unchanged. */
export function countPaypalFailures(paypal: PaypalPort, metrics: AppMetrics): PaypalPort {
  const counted: PaypalPort = { ...paypal };
  for (const operation of PAYPAL_OPERATIONS) {
    const call = paypal[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    // Test doubles may implement only the calls they need.
    if (typeof call !== 'function') continue;
    (counted as unknown as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
      try {
        return await call.apply(paypal, args);
      } catch (error) {
        metrics.paypalFailures.inc({ operation, kind: error instanceof PaypalError ? error.kind : 'error' });
        throw error;
      }
    };
  }
  return counted;
}

/** Counts the catalogue cache's data lookups: a hit is a getOrLoad that did not call its loader. */
export function countCacheLookups(cache: CatalogueCache, metrics: AppMetrics): CatalogueCache {
  return {
    kind: cache.kind,
    responses: cache.responses,
    get: (key) => cache.get(key),
    set: (key, value, ttlMs) => cache.set(key, value, ttlMs),
    invalidateAll: () => cache.invalidateAll(),
    async getOrLoad(key, load, ttlMs) {
      let loaded = false;
      const value = await cache.getOrLoad(
        key,
        () => {
          loaded = true;
          return load();
        },
        ttlMs,
      );
      metrics.cacheLookups.inc({ layer: 'data', result: loaded ? 'miss' : 'hit' });
      return value;
    },
  };
}

/** Times the responses the front door sends from the response cache (a hit of its own layer). */
export function timeFrontDoor(door: FrontDoor, metrics: AppMetrics): FrontDoor {
  return (request, response) => {
    const start = performance.now();
    const answered = door(request, response);
    if (answered) {
      metrics.cacheLookups.inc({ layer: 'response', result: 'hit' });
      metrics.httpRequestDuration.observe(
        { method: 'GET', route: 'cached-response', status_code: '200' },
        (performance.now() - start) / 1000,
      );
    }
    return answered;
  };
}

/** Figures kept in the database, read when Prometheus scrapes; a failed read skips the figure. */
export function registerStoreGauges(
  metrics: AppMetrics,
  deps: {
    database: Database;
    clock: Clock;
    log: Pick<FastifyBaseLogger, 'warn'>;
    /** The shared Redis, when configured: its reachability is reported. */
    redis?: { ping(): Promise<unknown> } | null;
  },
): void {
  const { database, clock, log, redis } = deps;
  const guarded = (what: string, read: (gauge: Gauge) => Promise<void>) => async (gauge: Gauge) => {
    try {
      await read(gauge);
    } catch (error) {
      log.warn({ err: error }, `metrics: reading ${what} failed`);
    }
  };

  scrapeGauge(metrics, {
    name: 'tips_outbox_emails',
    help: 'Emails in the outbox waiting to be sent: state="pending" (all) or "due" (due now)',
    labelNames: ['state'],
    read: guarded('the outbox', async (gauge) => {
      const backlog = await readOutboxBacklog(database.db, clock.now());
      gauge.set({ state: 'pending' }, backlog.pending);
      gauge.set({ state: 'due' }, backlog.due);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due email has waited to be sent (0 when none is due)',
    read: guarded('the outbox', async (gauge) => {
      gauge.set((await readOutboxBacklog(database.db, clock.now())).oldestDueAgeSeconds);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_settlement_lag_seconds',
    help: 'Age of the oldest known result with tips still open (result known → tips settled); 0 when none',
    read: guarded('the settlement lag', async (gauge) => {
      gauge.set((await readSettlementLag(database.db, clock.now())).oldestResultAgeSeconds);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_settlement_open_tips_with_result',
    help: 'Open tips whose match result is already known (should return to 0 within a minute)',
    read: guarded('the settlement lag', async (gauge) => {
      gauge.set((await readSettlementLag(database.db, clock.now())).openTips);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_alert_emails_pending',
    help: 'Alerts waiting: mode="fanout" (published tips not yet expanded to followers), "instant" or "digest" (notifications not yet queued as email; digests wait for the day to end)',
    labelNames: ['mode'],
    read: guarded('pending alerts', async (gauge) => {
      const pending = await countPendingAlertEmails(database.db);
      gauge.set({ mode: 'fanout' }, pending.fanout);
      gauge.set({ mode: 'instant' }, pending.instant);
      gauge.set({ mode: 'digest' }, pending.digest);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_outbox_failed_emails',
    help: 'Emails the outbox gave up on after every retry (need a person: wrong address, SMTP refusing)',
    read: guarded('failed emails', async (gauge) => {
      gauge.set(await countFailedEmails(database.db));
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_business_total',
    help: 'Totals since the start of the shop, from the database: kind="purchases" (tips sold), "settlements" (tips settled), "refunds" (voided tips refunded), "payouts" (refunds paid out through PayPal)',
    labelNames: ['kind'],
    read: guarded('business totals', async (gauge) => {
      const totals = await readBusinessTotals(database.db);
      for (const [kind, value] of Object.entries(totals)) gauge.set({ kind }, value);
    }),
  });
  scrapeGauge(metrics, {
    name: 'tips_worker_last_success_timestamp_seconds',
    help: 'When each background worker of this process last finished a run without an error (Unix time)',
    labelNames: ['worker'],
    read: (gauge) => {
      for (const [worker, at] of workerLastSuccess) gauge.set({ worker }, at / 1000);
    },
  });
  if (redis) {
    scrapeGauge(metrics, {
      name: 'tips_redis_up',
      help: '1 when the shared Redis answered a PING within a second, else 0 (rate limits then fail open)',
      read: async (gauge) => {
        const up = await Promise.race([
          redis.ping().then(
            () => 1,
            () => 0,
          ),
          new Promise<number>((resolve) => setTimeout(() => resolve(0), 1000).unref()),
        ]);
        gauge.set(up);
      },
    });
  }
  const { poolStats } = database;
  if (poolStats) {
    scrapeGauge(metrics, {
      name: 'tips_db_pool_connections',
      help: 'PostgreSQL pool: state="total" open, "idle", "waiting" (queued requests), "max" allowed',
      labelNames: ['state'],
      read: (gauge) => {
        const stats = poolStats();
        for (const [state, value] of Object.entries(stats)) gauge.set({ state }, value);
      },
    });
  }
}
