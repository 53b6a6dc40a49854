import type { FootballDataStatus } from './football-data.mapping';

/** A football-data.org v4 match as the API documents it, for tests and the emulator's scripts. */
export function v4Match(
  overrides: {
    id?: number;
    utcDate?: string;
    status?: FootballDataStatus;
    competition?: string;
    home?: string;
    away?: string;
    fullTime?: [number | null, number | null];
    halfTime?: [number | null, number | null];
    duration?: string;
    regularTime?: [number, number];
    matchday?: number | null;
    stage?: string;
    season?: { startDate: string; endDate: string };
  } = {},
) {
  const ft = overrides.fullTime ?? [null, null];
  const ht = overrides.halfTime ?? [null, null];
  return {
    area: { id: 2072, name: 'England', code: 'ENG' },
    competition: { id: 2021, name: 'Premier League', code: overrides.competition ?? 'PL', type: 'LEAGUE' },
    season: {
      id: 2287,
      ...(overrides.season ?? { startDate: '2026-08-15', endDate: '2027-05-23' }),
      currentMatchday: 13,
      winner: null,
    },
    id: overrides.id ?? 537_001,
    utcDate: overrides.utcDate ?? '2026-11-28T15:00:00Z',
    status: overrides.status ?? 'TIMED',
    matchday: overrides.matchday === undefined ? 13 : overrides.matchday,
    stage: overrides.stage ?? 'REGULAR_SEASON',
    group: null,
    lastUpdated: '2026-11-24T10:00:00Z',
    homeTeam: { id: 57, name: overrides.home ?? 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS', crest: '' },
    awayTeam: { id: 61, name: overrides.away ?? 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE', crest: '' },
    score: {
      winner: null,
      duration: overrides.duration ?? 'REGULAR',
      fullTime: { home: ft[0], away: ft[1] },
      halfTime: { home: ht[0], away: ht[1] },
      ...(overrides.regularTime
        ? { regularTime: { home: overrides.regularTime[0], away: overrides.regularTime[1] } }
        : {}),
    },
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
  };
}
