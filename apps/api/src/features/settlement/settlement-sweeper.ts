import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { catalogueCacheFor } from '../catalogue/catalogue-cache';
import type { PaypalPort } from '../commerce/paypal/paypal.port';
import { dueFixtureIds, followFixtureKickoff } from './fixture-settlement.repo';
import {
  emptyReport,
  type FixtureSettlementDeps,
  type FixtureSettlementReport,
  type SettlementLog,
  settleFixtures,
} from './fixture-settlement.service';
import { processPendingRefunds } from './tip-refunds';

export interface SettlementSweeperOptions {
  database: Database;
  clock: Clock;
  publicUrl: string;
  paypal: PaypalPort;
  log: SettlementLog;
  /** Default: empty this database's public catalogue cache (every process's, with Redis). */
  onCatalogueChanged?: () => Promise<void>;
  /** How often to look (default 20 s: a result settles within half a minute of arriving). */
  intervalMs?: number;
  /** Fixtures per sweep (default 200); a sweep with a full batch is followed at once by another. */
  batchSize?: number;
  /** Timers, injectable for tests (default the global ones). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SweepReport extends FixtureSettlementReport {
  fixtures: number;
  kickoffsFollowed: number;
}

/**
 * One sweep: open tips follow their fixtures' kick-offs, every fixture with a decided state and
 * open tips is settled, and PayPal refunds that are due are attempted. Any number of processes
 * may sweep at once: tips are settled under SKIP LOCKED row locks and refunds are leased.
 */
export async function sweepSettlements(
  opts: Omit<SettlementSweeperOptions, 'intervalMs' | 'setTimer' | 'clearTimer'>,
): Promise<SweepReport> {
  const { database, clock, log } = opts;
  const db = database.db;
  const onCatalogueChanged = opts.onCatalogueChanged ?? defaultInvalidator(database, log);
  const moved = await followFixtureKickoff(db);
  if (moved.length > 0) await onCatalogueChanged();
  const ids = await dueFixtureIds(db, clock.now(), opts.batchSize ?? 200);
  const deps: FixtureSettlementDeps = { db, clock, publicUrl: opts.publicUrl, log, onCatalogueChanged };
  const report = ids.length > 0 ? await settleFixtures(deps, ids) : emptyReport();
  report.paypalRefunds = await processPendingRefunds({
    db,
    paypal: opts.paypal,
    clock,
    publicUrl: opts.publicUrl,
    log,
  });
  return { ...report, fixtures: ids.length, kickoffsFollowed: moved.length };
}

function defaultInvalidator(database: Database, log: SettlementLog) {
  return async () => {
    try {
      await catalogueCacheFor({ database, redis: null }).invalidateAll();
    } catch (error) {
      log.warn({ err: error }, 'catalogue cache invalidation failed');
    }
  };
}

/**
 * Starts sweeping every `intervalMs` (first sweep after one interval). server.ts starts it after
 * listen (in sandbox-local mode the PayPal emulator is this server) and stops it on shutdown.
 */
export function startSettlementSweeper(opts: SettlementSweeperOptions): {
  stop(): Promise<void>;
  sweepNow(): Promise<SweepReport>;
} {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((handle) => clearTimeout(handle as NodeJS.Timeout));
  const interval = opts.intervalMs ?? 20_000;
  let stopped = false;
  let timer: unknown;
  let running: Promise<SweepReport> | undefined;

  async function sweep(): Promise<SweepReport> {
    // One sweep at a time in a process; a call during a sweep shares it.
    running ??= sweepSettlements(opts).finally(() => {
      running = undefined;
    });
    return running;
  }

  async function tick() {
    if (stopped) return;
    let again = false;
    try {
      const report = await sweep();
      again = report.fixtures >= (opts.batchSize ?? 200);
    } catch (error) {
      opts.log.error({ err: error }, 'settlement sweep failed');
    }
    if (!stopped) timer = setTimer(() => void tick(), again ? 0 : interval);
  }

  timer = setTimer(() => void tick(), interval);
  return {
    sweepNow: sweep,
    async stop() {
      stopped = true;
      clearTimer(timer);
      if (running) await running.catch(() => undefined);
    },
  };
}
