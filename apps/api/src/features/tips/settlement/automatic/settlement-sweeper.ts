import type { Clock } from '../../../../lib/clock';
import { repeatingTask } from '../../../../lib/repeating-task';
import type { FixtureSettlementRepo } from './fixture-settlement.repo';
import {
  addReport,
  emptyReport,
  type FixtureSettlementReport,
  type FixtureSettler,
  type SettlementLog,
} from './fixture-settlement.service';

export interface SettlementSweeperDeps {
  repo: Pick<FixtureSettlementRepo, 'dueFixtureIds' | 'followFixtureKickoff'>;
  fixtures: Pick<FixtureSettler, 'settleFixtures'>;
  clock: Clock;
  log: SettlementLog;
  /** Empties the public catalogue cache (every process's, with Redis): the app's service. */
  onCatalogueChanged: () => Promise<void>;
  /** Fixtures read per page (default 200); a sweep reads every page. */
  batchSize?: number;
}

export interface SweepReport extends FixtureSettlementReport {
  fixtures: number;
  kickoffsFollowed: number;
}

/**
 * One sweep: open tips follow their fixtures' kick-offs, then every fixture with a decided state
 * and open tips is settled. Any number of processes may sweep at once: tips are settled under SKIP
 * LOCKED row locks. (PayPal refunds of the tips voided here are commerce's: its refund worker.)
 */
export function createSettlementSweep(deps: SettlementSweeperDeps): () => Promise<SweepReport> {
  return async () => {
    const moved = await deps.repo.followFixtureKickoff();
    if (moved.length > 0) await deps.onCatalogueChanged();
    const batch = deps.batchSize ?? 200;
    const report = emptyReport();
    let fixtures = 0;
    // Every due fixture, a page at a time by id: tips left open for an admin never block the rest.
    for (let after = 0; ; ) {
      const ids = await deps.repo.dueFixtureIds(deps.clock.now(), batch, after);
      if (ids.length === 0) break;
      fixtures += ids.length;
      addReport(report, await deps.fixtures.settleFixtures(ids));
      if (ids.length < batch) break;
      after = ids[ids.length - 1];
    }
    return { ...report, fixtures, kickoffsFollowed: moved.length };
  };
}

/**
 * Sweeps every `intervalMs` (default 20 s: a result settles within half a minute of arriving; the
 * first sweep after one interval). workers.ts starts it after listen and stops it on shutdown.
 */
export function startSettlementSweeper(
  sweep: () => Promise<unknown>,
  opts: {
    log: SettlementLog;
    intervalMs?: number;
    setTimer?: (fn: () => void, ms: number) => unknown;
    clearTimer?: (handle: unknown) => void;
  },
): {
  stop(): Promise<void>;
  /** Sweeps now, or joins the sweep in flight. */
  sweepNow(): Promise<void>;
} {
  const interval = opts.intervalMs ?? 20_000;
  const task = repeatingTask({
    name: 'settlement-sweeper',
    run: () => sweep(),
    firstDelayMs: interval,
    nextDelayMs: () => interval,
    onError: (error) => opts.log.error({ err: error }, 'settlement sweep failed'),
    setTimer: opts.setTimer,
    clearTimer: opts.clearTimer,
  });
  task.start();
  return { sweepNow: task.runNow, stop: task.stop };
}
