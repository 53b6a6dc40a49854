import { describe, expect, it } from 'vitest';
import { findCompetition } from '../competition-catalogue';
import {
  COMPETITION_CODES,
  type FootballDataStatus,
  roundName,
  seasonName,
  toFeedFixture,
  toFeedFixtures,
} from './football-data.mapping';
import { v4Match } from './football-data-test-match';

describe('football-data.org v4 → FeedFixture', () => {
  it('maps an upcoming Premier League match', () => {
    expect(toFeedFixtures({ matches: [v4Match()] }, 'PL')?.fixtures).toEqual([
      {
        source: 'football-data',
        sourceId: '537001',
        competitionCode: 'en.1',
        season: '2026-27',
        round: 'Matchday 13',
        homeTeam: 'Arsenal FC',
        awayTeam: 'Chelsea FC',
        kickoffAt: new Date('2026-11-28T15:00:00Z'),
        status: 'scheduled',
        halfTime: null,
        fullTime: null,
      },
    ]);
  });

  it('maps every competition code the poller may be given', () => {
    const codes = { PL: 'en.1', ELC: 'en.2', BL1: 'de.1', PD: 'es.1', SA: 'it.1', FL1: 'fr.1' } as const;
    for (const [fd, of] of Object.entries({
      ...codes,
      DED: 'nl.1',
      PPL: 'pt.1',
      CL: 'uefa.cl',
      BSA: 'br.1',
    })) {
      expect(toFeedFixture(v4Match({ competition: fd }) as never, fd)?.competitionCode).toBe(of);
    }
    expect(toFeedFixture(v4Match({ competition: 'WC' }) as never, 'WC')).toBeNull();
  });

  it('maps only to competitions the catalogue (and so the fixture writer) knows', () => {
    for (const code of Object.values(COMPETITION_CODES)) expect(findCompetition(code), code).toBeDefined();
  });

  it('maps statuses, with scores only for FINISHED and AWARDED', () => {
    const map = (status: FootballDataStatus) =>
      toFeedFixture(v4Match({ status, fullTime: [1, 1], halfTime: [0, 1] }) as never, 'PL');
    expect(map('SCHEDULED')).toMatchObject({ status: 'scheduled', fullTime: null });
    expect(map('TIMED')).toMatchObject({ status: 'scheduled', fullTime: null });
    expect(map('IN_PLAY')).toMatchObject({ status: 'live', fullTime: null, halfTime: null });
    expect(map('PAUSED')).toMatchObject({ status: 'live', fullTime: null });
    expect(map('SUSPENDED')).toMatchObject({ status: 'postponed', fullTime: null });
    expect(map('POSTPONED')).toMatchObject({ status: 'postponed', fullTime: null });
    expect(map('CANCELLED')).toMatchObject({ status: 'cancelled', fullTime: null });
    expect(map('FINISHED')).toMatchObject({ status: 'finished', fullTime: [1, 1], halfTime: [0, 1] });
    expect(map('AWARDED')).toMatchObject({ status: 'awarded', fullTime: [1, 1] });
  });

  it('leaves the half-time score out when the feed has none', () => {
    const f = toFeedFixture(v4Match({ status: 'FINISHED', fullTime: [3, 0] }) as never, 'PL');
    expect(f).toMatchObject({ fullTime: [3, 0], halfTime: null });
  });

  it('settles on the 90-minute score after extra time and penalties', () => {
    const f = toFeedFixture(
      v4Match({
        status: 'FINISHED',
        competition: 'CL',
        duration: 'PENALTY_SHOOTOUT',
        fullTime: [6, 5],
        halfTime: [0, 0],
        regularTime: [1, 1],
        stage: 'LAST_16',
        matchday: null,
      }) as never,
      'CL',
    );
    expect(f).toMatchObject({
      competitionCode: 'uefa.cl',
      fullTime: [1, 1],
      halfTime: [0, 0],
      round: 'Last 16',
    });
  });

  it('names seasons and rounds like openfootball', () => {
    expect(seasonName('2024-08-16', '2025-05-25')).toBe('2024-25');
    expect(seasonName('2024-04-13', '2024-12-08')).toBe('2024');
    expect(seasonName('2099-08-01', '2100-05-30')).toBe('2099-00');
    expect(roundName(7, 'REGULAR_SEASON')).toBe('Matchday 7');
    expect(roundName(3, 'LEAGUE_STAGE')).toBe('Matchday 3');
    expect(roundName(null, 'QUARTER_FINALS')).toBe('Quarter finals');
    expect(roundName(null, null)).toBe('');
  });

  it('skips matches it cannot read or whose teams are not known yet, and refuses a body without matches', () => {
    const tbd = { ...v4Match({ id: 2 }), homeTeam: { id: null, name: null } };
    const result = toFeedFixtures({ matches: [v4Match({ id: 1 }), tbd, { id: 'x' }] }, 'PL');
    expect(result?.fixtures.map((f) => f.sourceId)).toEqual(['1']);
    expect(result?.skipped).toBe(2);
    expect(toFeedFixtures({ message: 'nope' }, 'PL')).toBeNull();
  });
});
