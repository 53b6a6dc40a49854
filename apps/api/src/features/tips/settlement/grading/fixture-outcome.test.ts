import { describe, expect, it } from 'vitest';
import { type FixtureState, fixtureVerdict } from './fixture-outcome';

const HOUR = 3600_000;
const kickoff = new Date('2026-11-21T15:00:00Z');
const after = (hours: number) => new Date(kickoff.getTime() + hours * HOUR);
const fixture = (patch: Partial<FixtureState>): FixtureState => ({
  status: 'finished',
  kickoffAt: kickoff,
  htHome: 1,
  htAway: 0,
  ftHome: 2,
  ftAway: 1,
  ...patch,
});
const tip = (bettingType: number, selection: string) => ({
  id: 1,
  bettingType,
  selection,
  eventTime: kickoff,
});

describe('fixtureVerdict', () => {
  it('grades a finished match from its scores', () => {
    expect(fixtureVerdict(fixture({}), tip(1, 'Home -0.75'), after(2))).toEqual({
      kind: 'settle',
      outcome: 'HALF_WIN',
      details: 'FT 2-1 (HT 1-0)',
    });
    expect(fixtureVerdict(fixture({}), tip(5, 'Away +0.75'), after(2))).toMatchObject({
      outcome: 'HALF_LOSS',
    });
  });

  it('voids cancelled and abandoned matches at once', () => {
    for (const status of ['cancelled', 'abandoned'])
      expect(
        fixtureVerdict(fixture({ status, ftHome: null, ftAway: null }), tip(3, 'Home'), after(-5)),
      ).toMatchObject({
        kind: 'settle',
        outcome: 'VOID',
      });
  });

  it('waits 48 hours for a postponed or moved match, then voids', () => {
    const postponed = fixture({
      status: 'postponed',
      ftHome: null,
      ftAway: null,
      htHome: null,
      htAway: null,
    });
    expect(fixtureVerdict(postponed, tip(3, 'Home'), after(47.9))).toEqual({ kind: 'wait' });
    expect(fixtureVerdict(postponed, tip(3, 'Home'), after(48))).toMatchObject({ outcome: 'VOID' });
    const moved = fixture({ status: 'scheduled', kickoffAt: after(72), ftHome: null, ftAway: null });
    expect(fixtureVerdict(moved, tip(3, 'Home'), after(47))).toEqual({ kind: 'wait' });
    expect(fixtureVerdict(moved, tip(3, 'Home'), after(49))).toMatchObject({ outcome: 'VOID' });
    expect(fixtureVerdict(fixture({ kickoffAt: after(72) }), tip(3, 'Home'), after(80))).toMatchObject({
      outcome: 'VOID',
    });
    expect(fixtureVerdict(fixture({ status: 'live' }), tip(3, 'Home'), after(1))).toEqual({ kind: 'wait' });
  });

  it('grades an awarded match from the awarded score; its half-time markets void without a half-time score', () => {
    const awarded = fixture({ status: 'awarded', ftHome: 3, ftAway: 0, htHome: null, htAway: null });
    expect(fixtureVerdict(awarded, tip(3, 'Away'), after(2))).toEqual({
      kind: 'settle',
      outcome: 'LOSS',
      details: 'Awarded 3-0',
    });
    expect(fixtureVerdict(awarded, tip(6, 'Home'), after(2))).toMatchObject({ outcome: 'VOID' });
  });

  it('leaves for an admin what it cannot grade', () => {
    const noHt = fixture({ htHome: null, htAway: null });
    expect(fixtureVerdict(noHt, tip(8, 'Over 0.5'), after(2))).toMatchObject({ kind: 'ungradable' });
    expect(fixtureVerdict(fixture({}), tip(3, 'home win'), after(2))).toMatchObject({ kind: 'ungradable' });
    expect(fixtureVerdict(fixture({ ftHome: null, ftAway: null }), tip(3, 'Home'), after(2))).toMatchObject({
      kind: 'ungradable',
    });
  });
});
