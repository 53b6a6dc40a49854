import type { Clock } from '../../../lib/clock';
import type { FeedFixture, FixtureWriteReport } from '../feed-fixture';
import { replayedFixture, replayShiftWeeks, shiftByWeeks, WEEK_MS } from './replay-shift';

/**
 * The demo's football without a live feed: bundled real seasons replayed on today's calendar
 * (replay-shift.ts). The real fixtures stay in this service's memory; the database receives a
 * replayed fixture as scheduled and without scores until its shifted kick-off plus the match's
 * duration has passed, so no reader can see a result early. Every materialisation recomputes from
 * the clock, so restarts and repeated runs write nothing new and never anything early.
 *
 * History for tipsters' records and the model: the bundled matches before the replay window, at
 * their real dates and with their real source ('openfootball'), so a replayed match is never in the
 * database twice.
 */

export const DEFAULT_REPLAY_COMPETITIONS = [
  'en.1',
  'de.1',
  'es.1',
  'it.1',
  'fr.1',
  'nl.1',
  'pt.1',
  'en.2',
  'uefa.cl',
] as const;

export interface FootballReplayOptions {
  /** Every bundled fixture at its real date (source 'openfootball'), as the parser gives them. */
  loadFixtures: () => Promise<readonly FeedFixture[]>;
  writeFixtures: (batch: FeedFixture[]) => Promise<FixtureWriteReport>;
  clock: Clock;
  competitions?: readonly string[];
  /** Weeks of replayed past kept in the window (tipsters' histories, the model); default 8. */
  historyWeeks?: number;
  /** Days of upcoming fixtures in the window; default 14. */
  aheadDays?: number;
  /** Fixtures per writeFixtures call when importing history (before the server listens); default 2000. */
  batchSize?: number;
  /**
   * Fixtures per writeFixtures call while serving; default 100. PGlite runs in the process, so a
   * big batch would block the event loop (load shedding answers 503 meanwhile).
   */
  liveBatchSize?: number;
  /**
   * Where the imported history ends (real date), if known. When the demo was stopped for longer
   * than the history window, the replay starts there instead (up to a year back), so no real
   * matchday falls between the history and the replay.
   */
  historyEnd?: () => Promise<Date | null>;
}

export interface ReplayPlan {
  /** The shift in weeks (52·k). */
  weeks: number;
  /** The real moment replayed now (today − weeks). */
  realNow: Date;
  /** Real kick-offs in [from, to) are replayed; earlier ones are history. */
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

function signature(f: FeedFixture): string {
  return `${f.status}|${f.kickoffAt.getTime()}|${f.fullTime?.join('-') ?? ''}|${f.halfTime?.join('-') ?? ''}`;
}

export function createFootballReplay(opts: FootballReplayOptions) {
  const competitions = new Set(opts.competitions ?? DEFAULT_REPLAY_COMPETITIONS);
  const historyMs = (opts.historyWeeks ?? 8) * WEEK_MS;
  const aheadMs = (opts.aheadDays ?? 14) * DAY_MS;
  const batchSize = opts.batchSize ?? 2000;
  const liveBatchSize = opts.liveBatchSize ?? 100;
  let data: Promise<{ all: readonly FeedFixture[]; replayed: FeedFixture[]; lastResultAt: Date }> | undefined;
  /** What this process last wrote per replay source id: later runs write only what changed. */
  const written = new Map<string, string>();
  /** Real-date start of what this process writes (the window's, or earlier to close a gap). */
  let fromMs: number | undefined;

  function load() {
    data ??= opts.loadFixtures().then((all) => {
      const replayed = all
        .filter((f) => competitions.has(f.competitionCode))
        .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
      const withResults = replayed.filter((f) => f.fullTime !== null);
      if (withResults.length === 0) throw new Error('football replay: no bundled results to replay');
      const lastResultAt = new Date(Math.max(...withResults.map((f) => f.kickoffAt.getTime())));
      return { all, replayed, lastResultAt };
    });
    return data;
  }

  async function plan(now: Date = opts.clock.now()): Promise<ReplayPlan> {
    const { lastResultAt } = await load();
    const weeks = replayShiftWeeks(now, lastResultAt);
    const realNow = shiftByWeeks(now, -weeks);
    return {
      weeks,
      realNow,
      from: new Date(realNow.getTime() - historyMs),
      to: new Date(realNow.getTime() + aheadMs),
    };
  }

  /** The window start for writing: back to the end of the history when there is a gap. */
  async function writeFrom(current: ReplayPlan): Promise<number> {
    const from = current.from.getTime();
    const historyEnd = (await opts.historyEnd?.())?.getTime();
    if (historyEnd === undefined || historyEnd >= from) return from;
    return Math.max(historyEnd + 1, from - 52 * WEEK_MS);
  }

  async function write(batch: FeedFixture[], size: number): Promise<FixtureWriteReport> {
    const total: FixtureWriteReport = { added: 0, updated: 0, unchanged: 0, resultChangedIds: [] };
    for (let i = 0; i < batch.length; i += size) {
      // Let requests in between batches.
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const report = await opts.writeFixtures(batch.slice(i, i + size));
      total.added += report.added;
      total.updated += report.updated;
      total.unchanged += report.unchanged;
      total.resultChangedIds.push(...report.resultChangedIds);
    }
    return total;
  }

  return {
    plan,
    /** The last real day the replayed competitions have a result for. */
    lastResultAt: async () => (await load()).lastResultAt,

    /**
     * Writes the replay window as it stands at `now`: upcoming fixtures scheduled, past ones with
     * their results once due. Only what changed since this process last wrote is sent.
     */
    async materialise(now: Date = opts.clock.now()): Promise<FixtureWriteReport & { plan: ReplayPlan }> {
      const [{ replayed }, current] = await Promise.all([load(), plan(now)]);
      // The gap check runs once per process (until a write succeeds).
      fromMs ??= await writeFrom(current);
      const start = Math.min(fromMs, current.from.getTime());
      const batch: FeedFixture[] = [];
      const inWindow = new Set<string>();
      for (const original of replayed) {
        const t = original.kickoffAt.getTime();
        if (t < start || t >= current.to.getTime()) continue;
        const shown = replayedFixture(original, current.weeks, now);
        inWindow.add(shown.sourceId);
        const sig = signature(shown);
        if (written.get(shown.sourceId) === sig) continue;
        batch.push(shown);
      }
      const report = await write(batch, liveBatchSize);
      // Remembered only once written: a failed write is retried in full next time.
      for (const f of batch) written.set(f.sourceId, signature(f));
      // The gap is closed once written; from now on the window alone moves forward.
      fromMs = Number.POSITIVE_INFINITY;
      // Fixtures that left the window are never written again: forget them.
      for (const id of written.keys()) if (!inWindow.has(id)) written.delete(id);
      return { ...report, plan: current };
    },

    /**
     * Imports the bundled matches kicking off before `cutoff` (default: the start of the replay
     * window) at their real dates, optionally only those from `since` on.
     */
    async importHistory(
      options: { cutoff?: Date; since?: Date } = {},
    ): Promise<FixtureWriteReport & { count: number }> {
      const [{ all }, current] = await Promise.all([load(), plan()]);
      const cutoff = (options.cutoff ?? current.from).getTime();
      const since = options.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const batch = all.filter((f) => f.kickoffAt.getTime() < cutoff && f.kickoffAt.getTime() >= since);
      return { ...(await write(batch, batchSize)), count: batch.length };
    },
  };
}

export type FootballReplay = ReturnType<typeof createFootballReplay>;
