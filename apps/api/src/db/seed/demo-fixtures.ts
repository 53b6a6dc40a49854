import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import type { WeightedScore } from './fair-odds';

/** The replay's matches are over this long after kick-off (replay-shift.ts MATCH_DURATION_MS). */
const RESULT_DUE_MINUTES = 115;

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A fixture as the demo's tips copy it: competition, teams and kick-off, and the score once known. */
export interface DemoFixture {
  id: number;
  competitionId: number;
  /** The competition's code ('en.1') and the teams' ids: what the house book prices a match from. */
  competitionCode: string;
  homeTeamId: number;
  awayTeamId: number;
  league: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: Date;
  status: string;
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
}

function toFixture(r: Record<string, unknown>): DemoFixture {
  return {
    id: Number(r.id),
    competitionId: Number(r.competition_id),
    competitionCode: String(r.competition_code),
    homeTeamId: Number(r.home_team_id),
    awayTeamId: Number(r.away_team_id),
    league: String(r.league),
    homeTeam: String(r.home_team),
    awayTeam: String(r.away_team),
    kickoffAt: new Date(r.kickoff_at as string),
    status: String(r.status),
    ftHome: intOrNull(r.ft_home),
    ftAway: intOrNull(r.ft_away),
    htHome: intOrNull(r.ht_home),
    htAway: intOrNull(r.ht_away),
  };
}

const SELECT_FIXTURE = sql`select f.id, f.competition_id, c.code as competition_code, f.home_team_id, f.away_team_id,
    c.name as league, h.name as home_team,
    a.name as away_team, f.kickoff_at, f.status, f.ft_home, f.ft_away, f.ht_home, f.ht_away
  from fixtures f join competitions c on c.id = f.competition_id
    join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id`;

/**
 * Finished fixtures kicked off in [from, to) whose result is due by `now` (the replay writes a
 * result only then), oldest first: the demo's history is on these.
 */
export async function finishedFixtures(db: DbOrTx, from: Date, to: Date, now: Date): Promise<DemoFixture[]> {
  const result = await db.execute(sql`${SELECT_FIXTURE}
    where f.kickoff_at >= ${from.toISOString()}::timestamptz and f.kickoff_at < ${to.toISOString()}::timestamptz
      and f.status = 'finished' and f.ft_home is not null
      and f.kickoff_at + make_interval(mins => ${RESULT_DUE_MINUTES}) <= ${now.toISOString()}::timestamptz
    order by f.kickoff_at, f.id`);
  return rowsOf(result).map(toFixture);
}

/** Scheduled fixtures kicking off in (from, to], soonest first: the demo's upcoming tips are on these. */
export async function scheduledFixtures(db: DbOrTx, from: Date, to: Date): Promise<DemoFixture[]> {
  const result = await db.execute(sql`${SELECT_FIXTURE}
    where f.kickoff_at > ${from.toISOString()}::timestamptz and f.kickoff_at <= ${to.toISOString()}::timestamptz
      and f.status = 'scheduled'
    order by f.kickoff_at, f.id`);
  return rowsOf(result).map(toFixture);
}

/** The key of every competition's results together in scoreDistributions' answer. */
export const ALL_COMPETITIONS = 0;

/**
 * Per competition (and all together under ALL_COMPETITIONS), how many finished matches ended with each score (half-time and full-time),
 * counting only matches whose result was due before `before`: what the product knew then.
 */
export async function scoreDistributions(db: DbOrTx, before: Date): Promise<Map<number, WeightedScore[]>> {
  const result = await db.execute(sql`select competition_id, ht_home, ht_away, ft_home, ft_away,
      count(*)::int as n
    from fixtures
    where status = 'finished' and ft_home is not null
      and kickoff_at + make_interval(mins => ${RESULT_DUE_MINUTES}) <= ${before.toISOString()}::timestamptz
    group by competition_id, ht_home, ht_away, ft_home, ft_away`);
  const byCompetition = new Map<number, WeightedScore[]>([[ALL_COMPETITIONS, []]]);
  for (const r of rowsOf(result)) {
    const id = Number(r.competition_id);
    const list = byCompetition.get(id) ?? [];
    const entry: WeightedScore = {
      score: {
        home: Number(r.ft_home),
        away: Number(r.ft_away),
        htHome: intOrNull(r.ht_home),
        htAway: intOrNull(r.ht_away),
      },
      weight: Number(r.n),
    };
    list.push(entry);
    byCompetition.set(id, list);
    byCompetition.get(ALL_COMPETITIONS)?.push(entry);
  }
  return byCompetition;
}

/** Per tipster, the competitions (names) of the tips they published: what their bio says they cover. */
export async function leaguesByTipster(db: DbOrTx): Promise<Map<number, string[]>> {
  const result = await db.execute(
    sql`select tipster_id, array_agg(distinct league order by league) as leagues from tips group by tipster_id`,
  );
  return new Map(rowsOf(result).map((r) => [Number(r.tipster_id), r.leagues as string[]]));
}

/** Open tips' (tipster, fixture) pairs, so a top-up never publishes the same pick twice. */
export async function openTipFixtures(db: DbOrTx): Promise<Set<string>> {
  const result = await db.execute(
    sql`select tipster_id, fixture_id from tips where result is null and fixture_id is not null`,
  );
  return new Set(rowsOf(result).map((r) => `${r.tipster_id}:${r.fixture_id}`));
}
