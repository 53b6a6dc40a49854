import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import type { PaypalPort } from '../commerce/paypal/paypal.port';
import { processPendingRefunds } from '../commerce/refunds/tip-refunds';
import { dueFixtureIds, followFixtureKickoff } from './fixture-settlement.repo';
import {
  emptyReport,
  type FixtureSettlementDeps,
  type FixtureSettlementReport,
  type SettlementLog,
  settleFixtures,
} from './fixture-settlement.service';

export interface SettlementSweeperOptions {
  database: Database;
  clock: Clock;
  publicUrl: string;
  paypal: PaypalPort;
  log: SettlementLog;
  /** Empties the public catalogue cache (every process's, with Redis): the app's service. */
  onCatalogueChanged: () => Promise<void>;
  /** How often to look (default 20 s: a result settles within half a minute of arriving). */
  intervalMs?: number;
  /** Fixtures read per page (default 200); a sweep reads every page. */
  batchSize?: number;
  /** Timers, injectable for tests (default the global ones). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const REFUND_BATCH = 20;

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
  const { onCatalogueChanged } = opts;
  const moved = await followFixtureKickoff(db);
  if (moved.length > 0) await onCatalogueChanged();
  const deps: FixtureSettlementDeps = { db, clock, publicUrl: opts.publicUrl, log, onCatalogueChanged };
  const batch = opts.batchSize ?? 200;
  const report = emptyReport();
  let fixtures = 0;
  // Every due fixture, a page at a time by id: tips left open for an admin never block the rest.
  for (let after = 0; ; ) {
    const ids = await dueFixtureIds(db, clock.now(), batch, after);
    if (ids.length === 0) break;
    fixtures += ids.length;
    const page = await settleFixtures(deps, ids);
    report.settled.push(...page.settled);
    report.skipped.push(...page.skipped);
    report.waiting += page.waiting;
    report.emailsQueued += page.emailsQueued;
    report.refunds.credited += page.refunds.credited;
    report.refunds.pendingPaypal += page.refunds.pendingPaypal;
    report.refunds.failed += page.refunds.failed;
    if (ids.length < batch) break;
    after = ids[ids.length - 1];
  }
  const refundDeps = { db, paypal: opts.paypal, clock, publicUrl: opts.publicUrl, log };
  const paypalRefunds = { refunded: 0, credited: 0, retry: 0, failed: 0 };
  for (let round = 0; round < 25; round++) {
    const tally = await processPendingRefunds(refundDeps, REFUND_BATCH);
    paypalRefunds.refunded += tally.refunded;
    paypalRefunds.credited += tally.credited;
    paypalRefunds.retry += tally.retry;
    paypalRefunds.failed += tally.failed;
    if (tally.refunded + tally.credited + tally.retry + tally.failed < REFUND_BATCH) break;
  }
  return { ...report, paypalRefunds, fixtures, kickoffsFollowed: moved.length };
}

/**
 * Starts sweeping every `intervalMs` (first sweep after one interval). server.ts starts it after
 * listen (in sandbox-local mode the PayPal emulator is this server) and stops it on shutdown.
 */
export function startSettlementSweeper(opts: SettlementSweeperOptions): {
  stop(): Promise<void>;
  /** Sweeps now, or joins the sweep in flight. */
  sweepNow(): Promise<void>;
} {
  const interval = opts.intervalMs ?? 20_000;
  const task = repeatingTask({
    run: () => sweepSettlements(opts),
    firstDelayMs: interval,
    nextDelayMs: () => interval,
    onError: (error) => opts.log.error({ err: error }, 'settlement sweep failed'),
    setTimer: opts.setTimer,
    clearTimer: opts.clearTimer,
  });
  task.start();
  return { sweepNow: task.runNow, stop: task.stop };
}
