import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import { claimPoll, listUpcomingFixtures, prunePrices, releasePoll, storeQuotes } from './market-prices.repo';
import type { FixtureBatch, PriceSourcePort, UpcomingFixture } from './price-source.port';

/**
 * Keeps the prices of upcoming fixtures fresh (decision 135). Each run lists the scheduled fixtures
 * kicking off within `daysAhead`, groups them by competition and UTC day (how a real odds API is
 * polled: per league and date, never per fixture), claims each group for the source's minimum
 * interval in the database — so several processes share the work and a paid API is never polled
 * more often than allowed, restarts included — reads its prices and stores them. Then it deletes
 * the prices of fixtures that kicked off more than `historyDays` ago. One run at a time per process;
 * a failing group is logged and its claim shortened to one refresh period, so a later run retries it.
 */

export interface PriceRefresherDeps {
  database: Database;
  clock: Clock;
  source: PriceSourcePort;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  daysAhead: number;
  historyDays: number;
  refreshMs: number;
}

export interface RunReport {
  batches: number;
  polled: number;
  quotes: number;
  appended: number;
  failed: number;
  pruned: number;
}

export interface PriceRefresher {
  start(): void;
  stop(): Promise<void>;
  /** One run now (tests; start-up runs one in the background after listen). */
  runOnce(): Promise<RunReport>;
  /** Results arrived: the house book's ratings moved, so run again soon (its interval permitting). */
  onResults(): void;
}

const DAY_MS = 86_400_000;

export function batchesOf(fixtures: readonly UpcomingFixture[]): FixtureBatch[] {
  const groups = new Map<string, FixtureBatch>();
  for (const fixture of fixtures) {
    const day = fixture.kickoffAt.toISOString().slice(0, 10);
    const key = `${fixture.competitionCode}:${day}`;
    let batch = groups.get(key);
    if (!batch) {
      batch = { competitionCode: fixture.competitionCode, day, fixtures: [] };
      groups.set(key, batch);
    }
    (batch.fixtures as UpcomingFixture[]).push(fixture);
  }
  return [...groups.values()];
}

export function createPriceRefresher(deps: PriceRefresherDeps): PriceRefresher {
  const { database, clock, source, log } = deps;
  const db = database.db;
  let running: Promise<RunReport> | null = null;
  let stopped = false;

  async function run(): Promise<RunReport> {
    const now = clock.now();
    const report: RunReport = { batches: 0, polled: 0, quotes: 0, appended: 0, failed: 0, pruned: 0 };
    const upcoming = await listUpcomingFixtures(db, now, new Date(now.getTime() + deps.daysAhead * DAY_MS));
    const batches = batchesOf(upcoming);
    report.batches = batches.length;
    for (const batch of batches) {
      if (stopped) break;
      const scope = `${source.kind}:${batch.competitionCode}:${batch.day}`;
      if (!(await claimPoll(db, scope, now, source.minPollMs))) continue;
      report.polled++;
      try {
        const quotes = await source.pricesFor(batch, now);
        report.quotes += quotes.length;
        report.appended += await storeQuotes(db, source.kind, quotes, now);
      } catch (error) {
        report.failed++;
        // Tried again at a run after the refresh period, not after the whole poll interval.
        await releasePoll(db, scope, now, source.minPollMs, deps.refreshMs).catch(() => undefined);
        log.warn(
          { err: error, scope },
          'market prices: reading a batch failed; it is retried at a later run',
        );
      }
    }
    report.pruned = await prunePrices(db, new Date(now.getTime() - deps.historyDays * DAY_MS));
    return report;
  }

  function runOnce(): Promise<RunReport> {
    if (running) return running;
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  async function logged(): Promise<void> {
    const report = await runOnce();
    if (report.polled > 0) log.info({ ...report, source: source.kind }, 'market prices refreshed');
  }

  // Named, so traces and the last-success metric cover it like every other worker (issue #31).
  // The first run is in the background after listen: start-up never waits for prices.
  const task = repeatingTask({
    name: 'market-prices',
    run: logged,
    nextDelayMs: () => deps.refreshMs,
    onError: (error) => log.warn({ err: error }, 'market prices: the refresh failed'),
  });
  let started = false;

  return {
    start() {
      if (started) return;
      started = true;
      stopped = false;
      task.start();
    },
    async stop() {
      stopped = true;
      started = false;
      await task.stop();
      await running?.catch(() => undefined);
    },
    runOnce,
    onResults() {
      if (started) void task.runNow();
    },
  };
}
