import { describe, expect, it } from 'vitest';
import type { FeedFixture } from '../feed-fixture';
import {
  MATCH_DURATION_MS,
  replayedFixture,
  replayShiftWeeks,
  revealAt,
  shiftByWeeks,
  WEEK_MS,
} from './replay-shift';

const LAST_RESULT = new Date('2025-05-25T15:00:00Z'); // last day of the 2024-25 leagues

function fixture(overrides: Partial<FeedFixture> = {}): FeedFixture {
  return {
    source: 'openfootball',
    sourceId: '2024-25/en.1/1',
    competitionCode: 'en.1',
    season: '2024-25',
    round: 'Matchday 13',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoffAt: new Date('2024-11-26T20:00:00Z'),
    status: 'finished',
    halfTime: [1, 0],
    fullTime: [2, 1],
    ...overrides,
  };
}

describe('replayShiftWeeks', () => {
  it('shifts Tuesday 2026-11-24 by 104 weeks onto Tuesday 2024-11-26', () => {
    const today = new Date('2026-11-24T10:00:00Z');
    const weeks = replayShiftWeeks(today, LAST_RESULT);
    expect(weeks).toBe(104);
    const real = shiftByWeeks(today, -weeks);
    expect(real.toISOString().slice(0, 10)).toBe('2024-11-26');
    expect(real.getUTCDay()).toBe(today.getUTCDay());
  });

  it('takes 52 weeks when a year back still has results', () => {
    expect(replayShiftWeeks(new Date('2026-03-10T12:00:00Z'), LAST_RESULT)).toBe(52);
  });

  it('counts the last result day itself as having results', () => {
    const today = shiftByWeeks(new Date('2025-05-25T23:00:00Z'), 52);
    expect(replayShiftWeeks(today, LAST_RESULT)).toBe(52);
    expect(replayShiftWeeks(new Date(today.getTime() + 86_400_000), LAST_RESULT)).toBe(104);
  });

  it('moves to the season before when the data runs out (k grows)', () => {
    expect(replayShiftWeeks(new Date('2027-05-20T12:00:00Z'), LAST_RESULT)).toBe(104);
    expect(replayShiftWeeks(new Date('2027-06-01T12:00:00Z'), LAST_RESULT)).toBe(156);
    expect(replayShiftWeeks(new Date('2030-01-01T12:00:00Z'), LAST_RESULT)).toBe(52 * 5);
  });

  it('is always a whole number of weeks, so weekdays are kept', () => {
    for (const day of ['2026-01-01', '2026-07-15', '2028-02-29']) {
      const today = new Date(`${day}T08:00:00Z`);
      const weeks = replayShiftWeeks(today, LAST_RESULT);
      expect(weeks % 52).toBe(0);
      expect(shiftByWeeks(today, -weeks).getUTCDay()).toBe(today.getUTCDay());
    }
    expect(WEEK_MS).toBe(604_800_000);
  });
});

describe('replayedFixture', () => {
  const weeks = 104;
  const shifted = shiftByWeeks(new Date('2024-11-26T20:00:00Z'), weeks);

  it('shows an upcoming fixture as scheduled, without scores, under its replay id', () => {
    const shown = replayedFixture(fixture(), weeks, new Date(shifted.getTime() - 60_000));
    expect(shown).toMatchObject({
      source: 'replay',
      sourceId: 'r104:2024-25/en.1/1',
      status: 'scheduled',
      halfTime: null,
      fullTime: null,
    });
    expect(shown.kickoffAt.toISOString()).toBe('2026-11-24T20:00:00.000Z');
  });

  it('hides the result until kick-off plus 115 minutes, then shows it', () => {
    const justBefore = new Date(shifted.getTime() + MATCH_DURATION_MS - 1);
    expect(replayedFixture(fixture(), weeks, justBefore)).toMatchObject({
      status: 'scheduled',
      fullTime: null,
    });
    const atWhistle = new Date(shifted.getTime() + MATCH_DURATION_MS);
    expect(replayedFixture(fixture(), weeks, atWhistle)).toMatchObject({
      status: 'finished',
      halfTime: [1, 0],
      fullTime: [2, 1],
    });
    expect(MATCH_DURATION_MS).toBe(115 * 60_000);
  });

  it('reveals postponed and cancelled matches at kick-off, awarded ones at the whistle', () => {
    expect(revealAt({ status: 'postponed' }, shifted)).toEqual(shifted);
    expect(revealAt({ status: 'cancelled' }, shifted)).toEqual(shifted);
    expect(revealAt({ status: 'awarded' }, shifted).getTime()).toBe(shifted.getTime() + MATCH_DURATION_MS);
    const postponed = fixture({ status: 'postponed', halfTime: null, fullTime: null });
    expect(replayedFixture(postponed, weeks, new Date(shifted.getTime() - 1)).status).toBe('scheduled');
    expect(replayedFixture(postponed, weeks, shifted).status).toBe('postponed');
  });

  it('keeps a fixture without a result in the data scheduled forever', () => {
    const unplayed = fixture({ status: 'scheduled', halfTime: null, fullTime: null });
    expect(replayedFixture(unplayed, weeks, new Date('2030-01-01')).status).toBe('scheduled');
  });
});
