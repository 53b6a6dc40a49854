import type { Clock } from '../../../lib/clock';
import { repeatingTask } from '../../../lib/repeating-task';
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

  const task = repeatingTask({
    name: 'football-replay',
    run: runOnce,
    nextDelayMs: () => opts.intervalMs ?? 30_000,
    onError: (err) => log.error({ err }, 'football replay tick failed'),
  });

  return { runOnce, start: task.start, stop: task.stop };
}

export type ReplayTicker = ReturnType<typeof createReplayTicker>;
