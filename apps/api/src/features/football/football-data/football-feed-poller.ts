import { RESULT_STATUSES } from '@tips/contract/rules';
import type { Clock } from '../../../lib/clock';
import { repeatingTask } from '../../../lib/repeating-task';
import type { FeedFixture, FixtureWriteReport } from '../feed-fixture';
import { FootballFeedError, type FootballFeedPort, type MatchWindow } from './football-feed.port';
import type { PollLock } from './poll-lock.repo';

/**
 * Polls the live feed: for each configured competition, the matches from three days ago to two
 * weeks ahead, written through the fixture writer (an idempotent upsert by source and id), and the
 * ids of fixtures whose result arrived handed to `onResults` (automatic settlement).
 *
 * Exactly-once effects with several processes: one process at a time polls a competition (the
 * poll lock); the writer changes a result once, so only the write that changed it reports the id;
 * and `onResults` may still see an id twice (a crash and a re-poll, a correction), so its receiver
 * must be idempotent: settlement only settles tips whose result is still null.
 *
 * Cadence: every `pollSeconds`; every `livePollSeconds` for a competition with a match in play or
 * kicked off in the last 3 hours (results within a minute or two); and a poll due at a kick-off
 * that falls before the next regular one.
 */

export type WriteFixtures = (batch: FeedFixture[]) => Promise<FixtureWriteReport>;
export type OnResults = (fixtureIds: number[]) => Promise<void> | void;

interface PollerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface FootballFeedPollerOptions {
  feed: FootballFeedPort;
  writeFixtures: WriteFixtures;
  onResults: OnResults;
  lock: PollLock;
  clock: Clock;
  log: PollerLog;
  /** The feed's competition codes (football-data.org's: PL, BL1 …). */
  competitions: readonly string[];
  pollSeconds: number;
  livePollSeconds: number;
  /** Window: today − daysBack … today + daysAhead (defaults 3 and 14). */
  daysBack?: number;
  daysAhead?: number;
}

export type CompetitionPollOutcome =
  | { competition: string; polled: true; report: FixtureWriteReport; live: boolean }
  | { competition: string; polled: false; reason: 'locked' | 'failed' };

const DAY_MS = 86_400_000;
const LIVE_SPAN_MS = 3 * 3_600_000;

export function pollWindow(now: Date, daysBack = 3, daysAhead = 14): MatchWindow {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { dateFrom: day(-daysBack), dateTo: day(daysAhead) };
}

/** A match in play, or kicked off in the last 3 hours without a final result. */
export function isLiveWindow(fixtures: readonly FeedFixture[], now: Date): boolean {
  const t = now.getTime();
  return fixtures.some(
    (f) =>
      f.status === 'live' ||
      (!RESULT_STATUSES.includes(f.status) &&
        f.kickoffAt.getTime() <= t &&
        f.kickoffAt.getTime() > t - LIVE_SPAN_MS),
  );
}

/** When this competition is polled next. */
export function nextPollAt(
  fixtures: readonly FeedFixture[],
  now: Date,
  opts: { pollSeconds: number; livePollSeconds: number },
): Date {
  const t = now.getTime();
  if (isLiveWindow(fixtures, now)) return new Date(t + opts.livePollSeconds * 1000);
  const regular = t + opts.pollSeconds * 1000;
  const nextKickoff = fixtures
    .map((f) => f.kickoffAt.getTime())
    .filter((k) => k > t && k < regular)
    .sort((a, b) => a - b)[0];
  return new Date(nextKickoff ?? regular);
}

export function createFootballFeedPoller(opts: FootballFeedPollerOptions) {
  const { feed, writeFixtures, onResults, lock, clock, log } = opts;
  const dueAt = new Map<string, number>();
  /** Set by stop(): a round in progress ends after its current competition. */
  let halted = false;

  async function pollCompetition(competition: string): Promise<CompetitionPollOutcome> {
    const started = clock.now();
    try {
      const outcome = await lock.tryRun(`football-data:${competition}`, async () => {
        const fixtures = await feed.listMatches(
          competition,
          pollWindow(started, opts.daysBack, opts.daysAhead),
        );
        const report = await writeFixtures(fixtures);
        if (report.resultChangedIds.length > 0) await onResults(report.resultChangedIds);
        return { report, fixtures };
      });
      if (!outcome.ran) {
        dueAt.set(competition, started.getTime() + opts.livePollSeconds * 1000);
        return { competition, polled: false, reason: 'locked' };
      }
      const { report, fixtures } = outcome.value;
      const next = nextPollAt(fixtures, clock.now(), opts);
      dueAt.set(competition, next.getTime());
      if (report.added + report.updated > 0) {
        log.info(
          { competition, ...report, resultChangedIds: report.resultChangedIds.length },
          'football feed polled',
        );
      }
      return { competition, polled: true, report, live: isLiveWindow(fixtures, clock.now()) };
    } catch (err) {
      const kind = err instanceof FootballFeedError ? err.kind : 'error';
      // A refused token will not heal by itself: poll rarely and say so loudly.
      const waitSeconds = kind === 'unauthorized' ? Math.max(opts.pollSeconds, 3600) : opts.pollSeconds;
      dueAt.set(competition, started.getTime() + waitSeconds * 1000);
      log.error({ err, competition, kind }, 'football feed poll failed');
      return { competition, polled: false, reason: 'failed' };
    }
  }

  /** Polls every competition that is due (all of them the first time), one after another. */
  async function runOnce(): Promise<CompetitionPollOutcome[]> {
    const outcomes: CompetitionPollOutcome[] = [];
    for (const competition of opts.competitions) {
      if (halted) break;
      if ((dueAt.get(competition) ?? 0) > clock.now().getTime()) continue;
      outcomes.push(await pollCompetition(competition));
    }
    return outcomes;
  }

  function delayUntilNextMs(): number {
    const next = Math.min(...opts.competitions.map((c) => dueAt.get(c) ?? 0));
    return Math.min(Math.max(next - clock.now().getTime(), 1000), opts.pollSeconds * 1000);
  }

  const task = repeatingTask({
    name: 'football-feed',
    run: runOnce,
    nextDelayMs: delayUntilNextMs,
    onError: (err) => log.error({ err }, 'football feed tick failed'),
  });

  return {
    runOnce,
    pollCompetition,
    start() {
      halted = false;
      task.start();
    },
    /** Stops polling and lets the poll in flight finish. */
    async stop() {
      halted = true;
      await task.stop();
    },
  };
}

export type FootballFeedPoller = ReturnType<typeof createFootballFeedPoller>;
