import type { FeedFixture } from '../feed-fixture';

/**
 * The replay's calendar maths, pure. The demo replays a real past season on today's calendar:
 * every date moves by N whole weeks (so weekdays are kept) with N = 52·k, k ≥ 1 the smallest such
 * that the real date D = today − N weeks still has results in the data. When the data runs out,
 * k grows by one and the replay moves to the season a year earlier.
 */

export const WEEK_MS = 7 * 86_400_000;
/**
 * A replayed result is revealed this long after its shifted kick-off: 90 minutes, 15 of half-time
 * and 10 of stoppage time. Until then nothing (API, page, email, model) can see it.
 */
export const MATCH_DURATION_MS = 115 * 60_000;

/** Statuses that are known at kick-off (the match did not start), not at the final whistle. */
const KNOWN_AT_KICKOFF = new Set(['postponed', 'cancelled']);
/** Statuses that carry a result (a score or a final verdict). */
const RESULT_STATUSES = new Set(['finished', 'awarded', 'abandoned', 'postponed', 'cancelled']);

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}

/** N in weeks: 52·k, k ≥ 1 the smallest with (today − N weeks) on or before the last result day. */
export function replayShiftWeeks(today: Date, lastResultAt: Date): number {
  const last = utcDay(lastResultAt);
  for (let k = 1; k < 200; k++) {
    const weeks = 52 * k;
    if (utcDay(new Date(today.getTime() - weeks * WEEK_MS)) <= last) return weeks;
  }
  throw new Error(`replayShiftWeeks: no data within 200 years before ${today.toISOString()}`);
}

export function shiftByWeeks(date: Date, weeks: number): Date {
  return new Date(date.getTime() + weeks * WEEK_MS);
}

/** When a replayed fixture's result (or final status) may be seen, at its shifted kick-off. */
export function revealAt(fixture: Pick<FeedFixture, 'status'>, shiftedKickoff: Date): Date {
  if (KNOWN_AT_KICKOFF.has(fixture.status)) return shiftedKickoff;
  return new Date(shiftedKickoff.getTime() + MATCH_DURATION_MS);
}

export function hasOutcome(fixture: Pick<FeedFixture, 'status' | 'fullTime'>): boolean {
  return fixture.fullTime !== null || RESULT_STATUSES.has(fixture.status);
}

export function replaySourceId(weeks: number, original: Pick<FeedFixture, 'sourceId'>): string {
  return `r${weeks}:${original.sourceId}`;
}

/**
 * A real fixture as the replay shows it at `now`: shifted by `weeks`, and with its real status and
 * scores only once they are due; before that, scheduled and without scores.
 */
export function replayedFixture(original: FeedFixture, weeks: number, now: Date): FeedFixture {
  const kickoffAt = shiftByWeeks(original.kickoffAt, weeks);
  const due = hasOutcome(original) && revealAt(original, kickoffAt).getTime() <= now.getTime();
  return {
    ...original,
    source: 'replay',
    sourceId: replaySourceId(weeks, original),
    kickoffAt,
    status: due ? original.status : 'scheduled',
    halfTime: due ? original.halfTime : null,
    fullTime: due ? original.fullTime : null,
  };
}
