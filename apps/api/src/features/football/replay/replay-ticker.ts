import type { Clock } from '../../../lib/clock';
import type { OnResults } from '../football-data/football-feed-poller';
import type { FootballReplay } from './football-replay';

/**
 * Every `intervalMs` (default 30 s) writes the replayed results that became due and hands their
 * fixture ids to `onResults` (the same callback the live poller uses). Idempotent and restart-safe:
 * each run recomputes from the clock (football-replay.ts).
 */

export interface ReplayTickerOptions {
  replay: FootballReplay;
  clock: Clock;
  onResults: OnResults;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  intervalMs?: number;
}

export function createReplayTicker(opts: ReplayTickerOptions) {
  const { replay, clock, onResults, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function runOnce() {
    const report = await replay.materialise(clock.now());
    if (report.resultChangedIds.length > 0) await onResults(report.resultChangedIds);
    if (report.added + report.updated > 0) {
      log.info(
        {
          weeks: report.plan.weeks,
          added: report.added,
          updated: report.updated,
          results: report.resultChangedIds.length,
        },
        'football replay: fixtures written',
      );
    }
    return report;
  }

  async function tick() {
    if (stopped) return;
    try {
      running = runOnce();
      await running;
    } catch (err) {
      log.error({ err }, 'football replay tick failed');
    } finally {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, opts.intervalMs ?? 30_000);
    }
  }

  return {
    runOnce,
    start() {
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => undefined);
    },
  };
}

export type ReplayTicker = ReturnType<typeof createReplayTicker>;
