import { gradeTipOutcome } from './gradable-selection';
import type { Outcome } from './grade-outcome';

/**
 * What a fixture's state means for one open tip on it (decision 047):
 * - finished: graded from the full-time score (half-time markets from the half-time score);
 * - awarded: graded from the score the league awarded; a half-time market without a half-time
 *   score is VOID (no half was played to settle it on);
 * - cancelled, abandoned: VOID;
 * - postponed, or moved to a kick-off more than 48 hours after the tip's: VOID once 48 hours
 *   have passed since the tip's kick-off without the match being played; until then it waits;
 * - anything that cannot be graded (no score, an unreadable selection) is left for an admin.
 */
export const NOT_PLAYED_WITHIN_MS = 48 * 3600_000;

export interface FixtureState {
  status: string;
  kickoffAt: Date;
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
}

export interface OpenTip {
  id: number;
  bettingType: number;
  selection: string;
  eventTime: Date;
}

export type FixtureVerdict =
  | { kind: 'settle'; outcome: Outcome; details: string }
  | { kind: 'ungradable'; reason: string }
  | { kind: 'wait' };

const HALF_TIME_TYPES = new Set([5, 6, 7, 8]);

export function describeFixtureScore(f: FixtureState): string {
  const ft = `${f.ftHome}-${f.ftAway}`;
  const ht = f.htHome === null ? '' : ` (HT ${f.htHome}-${f.htAway})`;
  return f.status === 'awarded' ? `Awarded ${ft}${ht}` : `FT ${ft}${ht}`;
}

export function fixtureVerdict(fixture: FixtureState, tip: OpenTip, now: Date): FixtureVerdict {
  if (fixture.status === 'cancelled') return { kind: 'settle', outcome: 'VOID', details: 'Match cancelled' };
  if (fixture.status === 'abandoned') return { kind: 'settle', outcome: 'VOID', details: 'Match abandoned' };
  const deadline = tip.eventTime.getTime() + NOT_PLAYED_WITHIN_MS;
  const movedPastDeadline = fixture.kickoffAt.getTime() > deadline;
  if (
    fixture.status === 'postponed' ||
    (movedPastDeadline && fixture.status !== 'finished' && fixture.status !== 'awarded')
  ) {
    return now.getTime() >= deadline
      ? { kind: 'settle', outcome: 'VOID', details: 'Match postponed (not played within 48 hours)' }
      : { kind: 'wait' };
  }
  if (fixture.status !== 'finished' && fixture.status !== 'awarded') return { kind: 'wait' };
  if (movedPastDeadline) {
    return { kind: 'settle', outcome: 'VOID', details: 'Match postponed (not played within 48 hours)' };
  }
  if (fixture.ftHome === null || fixture.ftAway === null) {
    return { kind: 'ungradable', reason: `fixture is ${fixture.status} without a full-time score` };
  }
  if (fixture.status === 'awarded' && HALF_TIME_TYPES.has(tip.bettingType) && fixture.htHome === null) {
    return {
      kind: 'settle',
      outcome: 'VOID',
      details: `${describeFixtureScore(fixture)}: no half-time score`,
    };
  }
  const outcome = gradeTipOutcome(tip, {
    home: fixture.ftHome,
    away: fixture.ftAway,
    htHome: fixture.htHome,
    htAway: fixture.htAway,
  });
  if (!outcome) {
    return {
      kind: 'ungradable',
      reason:
        HALF_TIME_TYPES.has(tip.bettingType) && fixture.htHome === null
          ? 'no half-time score for a half-time market'
          : 'selection cannot be graded from a score',
    };
  }
  return { kind: 'settle', outcome, details: describeFixtureScore(fixture) };
}
