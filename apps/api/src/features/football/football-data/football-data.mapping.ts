import { z } from 'zod';
import type { FeedFixture, FixtureStatus } from '../feed-fixture';

/**
 * football-data.org v4's match representation (GET /v4/competitions/{code}/matches) and its
 * mapping to FeedFixture. Only the fields we read are declared; the rest passes through.
 */

const TeamSchema = z.looseObject({
  id: z.number().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable().optional(),
  tla: z.string().nullable().optional(),
});
const ScorePairSchema = z.looseObject({
  home: z.number().int().nullable(),
  away: z.number().int().nullable(),
});

export const FOOTBALL_DATA_STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
] as const;
export type FootballDataStatus = (typeof FOOTBALL_DATA_STATUSES)[number];

export const FootballDataMatchSchema = z.looseObject({
  id: z.number().int(),
  utcDate: z.iso.datetime({ offset: true }),
  status: z.enum(FOOTBALL_DATA_STATUSES),
  matchday: z.number().int().nullable().optional(),
  stage: z.string().nullable().optional(),
  homeTeam: TeamSchema,
  awayTeam: TeamSchema,
  score: z.looseObject({
    winner: z.string().nullable().optional(),
    duration: z.string().nullable().optional(),
    fullTime: ScorePairSchema,
    halfTime: ScorePairSchema.optional(),
    /** Present when the match went to extra time: the 90-minute score bets are settled on. */
    regularTime: ScorePairSchema.optional(),
  }),
  season: z.looseObject({ startDate: z.iso.date(), endDate: z.iso.date() }),
  competition: z.looseObject({ code: z.string() }).optional(),
});
export type FootballDataMatch = z.infer<typeof FootballDataMatchSchema>;

export const FootballDataMatchesSchema = z.looseObject({ matches: z.array(z.unknown()) });

/** football-data.org competition code → openfootball's (the catalogue's keys). */
export const COMPETITION_CODES: Readonly<Record<string, string>> = {
  PL: 'en.1',
  ELC: 'en.2',
  BL1: 'de.1',
  PD: 'es.1',
  SA: 'it.1',
  FL1: 'fr.1',
  DED: 'nl.1',
  PPL: 'pt.1',
  CL: 'uefa.cl',
  BSA: 'br.1',
};

const STATUSES: Record<FootballDataStatus, FixtureStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'live',
  FINISHED: 'finished',
  // Interrupted, to be resumed or called off later: not a result yet.
  SUSPENDED: 'postponed',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
  AWARDED: 'awarded',
};

/** '2024-25' for a season across two years, '2024' for a calendar-year league. */
export function seasonName(startDate: string, endDate: string): string {
  const start = startDate.slice(0, 4);
  const end = endDate.slice(0, 4);
  return start === end ? start : `${start}-${end.slice(2)}`;
}

/** 'Matchday 12' like openfootball's league rounds; cup stages as words ('LAST_16' → 'Last 16'). */
export function roundName(matchday: number | null | undefined, stage: string | null | undefined): string {
  if (stage && stage !== 'REGULAR_SEASON' && stage !== 'LEAGUE_STAGE') {
    const words = stage.toLowerCase().replaceAll('_', ' ');
    const name = words.charAt(0).toUpperCase() + words.slice(1);
    return matchday ? `${name}, Matchday ${matchday}` : name;
  }
  return matchday ? `Matchday ${matchday}` : '';
}

function pair(score: { home: number | null; away: number | null } | undefined) {
  if (!score || score.home === null || score.away === null) return null;
  return [score.home, score.away] as const;
}

/**
 * One v4 match as a FeedFixture, or null when it cannot be one (an unknown competition, a team
 * not decided yet). Scores only for FINISHED and AWARDED; after extra time the 90-minute score.
 */
export function toFeedFixture(match: FootballDataMatch, competition: string): FeedFixture | null {
  const competitionCode = COMPETITION_CODES[match.competition?.code ?? competition];
  const homeTeam = match.homeTeam.name?.trim();
  const awayTeam = match.awayTeam.name?.trim();
  if (!competitionCode || !homeTeam || !awayTeam) return null;
  const status = STATUSES[match.status];
  const hasResult = match.status === 'FINISHED' || match.status === 'AWARDED';
  const extraTime = match.score.duration && match.score.duration !== 'REGULAR';
  const fullTime = hasResult
    ? pair(extraTime && match.score.regularTime ? match.score.regularTime : match.score.fullTime)
    : null;
  return {
    source: 'football-data',
    sourceId: String(match.id),
    competitionCode,
    season: seasonName(match.season.startDate, match.season.endDate),
    round: roundName(match.matchday, match.stage),
    homeTeam,
    awayTeam,
    kickoffAt: new Date(match.utcDate),
    status,
    halfTime: hasResult && fullTime ? pair(match.score.halfTime) : null,
    fullTime,
  };
}

/** A v4 matches body → FeedFixtures (unreadable matches skipped and counted); null if no body. */
export function toFeedFixtures(
  body: unknown,
  competition: string,
): { fixtures: FeedFixture[]; skipped: number } | null {
  const parsed = FootballDataMatchesSchema.safeParse(body);
  if (!parsed.success) return null;
  const fixtures: FeedFixture[] = [];
  let skipped = 0;
  for (const raw of parsed.data.matches) {
    const match = FootballDataMatchSchema.safeParse(raw);
    const fixture = match.success ? toFeedFixture(match.data, competition) : null;
    if (fixture) fixtures.push(fixture);
    else skipped++;
  }
  return { fixtures, skipped };
}
