import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { aiPicks, modelVersions, tips, tipsters } from '../../db/schema';
import type { LeagueMatch } from './backtest';
import type { DixonColesParams } from './dixon-coles';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The replay shows a result at kick-off + 115 minutes; a fit at T uses only results due by T. */
export const RESULT_DUE_MINUTES = 115;

/**
 * Finished fixtures whose result was due by `cutoff` (kick-off + 115 min ≤ cut-off), since
 * `since`: what the model may learn from at that moment. Teams are keyed by their id.
 */
export async function loadKnownResults(
  db: DbOrTx,
  cutoff: Date,
  since: Date,
  countries?: readonly string[],
): Promise<LeagueMatch[]> {
  const ofCountries =
    countries === undefined
      ? sql``
      : sql` and c.country in (${sql.join(
          (countries.length > 0 ? countries : ['']).map((c) => sql`${c}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`select f.home_team_id, f.away_team_id, f.ft_home, f.ft_away,
      f.ht_home, f.ht_away, f.kickoff_at, c.code, c.country
    from fixtures f join competitions c on c.id = f.competition_id
    where f.status = 'finished' and f.ft_home is not null
      and f.kickoff_at >= ${since.toISOString()}::timestamptz
      and f.kickoff_at + make_interval(mins => ${RESULT_DUE_MINUTES}) <= ${cutoff.toISOString()}::timestamptz${ofCountries}
    order by f.kickoff_at, f.id`);
  return rowsOf(result).map((r) => ({
    home: String(r.home_team_id),
    away: String(r.away_team_id),
    homeGoals: Number(r.ft_home),
    awayGoals: Number(r.ft_away),
    htHome: intOrNull(r.ht_home),
    htAway: intOrNull(r.ht_away),
    at: new Date(r.kickoff_at as string).getTime(),
    competition: String(r.code),
    division: String(r.code),
    country: String(r.country),
  }));
}

/** Results of the competitions kicked off in [from, to]: does the database hold the backtest's period? */
export async function countResults(
  db: DbOrTx,
  codes: readonly string[],
  from: Date,
  to: Date,
): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n
    from fixtures f join competitions c on c.id = f.competition_id
    where f.status = 'finished' and f.ft_home is not null and c.code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})
      and f.kickoff_at >= ${from.toISOString()}::timestamptz and f.kickoff_at <= ${to.toISOString()}::timestamptz`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

export interface UpcomingFixture {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffAt: Date;
  code: string;
  country: string;
}

/**
 * Fixtures kicking off in (from, to], soonest first: scheduled ones (live publishing), or for the
 * demo's history the ones that were played (only their kick-off and teams are read).
 */
export async function scheduledFixturesBetween(
  db: DbOrTx,
  from: Date,
  to: Date,
  status: 'scheduled' | 'finished' = 'scheduled',
): Promise<UpcomingFixture[]> {
  const result =
    await db.execute(sql`select f.id, f.home_team_id, f.away_team_id, f.kickoff_at, c.code, c.country
    from fixtures f join competitions c on c.id = f.competition_id
    where f.status = ${status} and f.kickoff_at > ${from.toISOString()}::timestamptz
      and f.kickoff_at <= ${to.toISOString()}::timestamptz
    order by f.kickoff_at, f.id`);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    homeTeamId: Number(r.home_team_id),
    awayTeamId: Number(r.away_team_id),
    kickoffAt: new Date(r.kickoff_at as string),
    code: String(r.code),
    country: String(r.country),
  }));
}

export interface ModelVersion {
  id: number;
  country: string;
  dataCutoff: Date;
  fittedAt: Date;
  matches: number;
  parameters: DixonColesParams;
}

/** Stores a fit; the same country and cut-off again returns the stored version (idempotent). */
export async function saveModelVersion(
  db: DbOrTx,
  v: { country: string; dataCutoff: Date; fittedAt: Date; parameters: DixonColesParams },
): Promise<ModelVersion> {
  await db
    .insert(modelVersions)
    .values({ ...v, matches: v.parameters.matches })
    .onConflictDoNothing({ target: [modelVersions.country, modelVersions.dataCutoff] });
  const [row] = await db
    .select()
    .from(modelVersions)
    .where(and(eq(modelVersions.country, v.country), eq(modelVersions.dataCutoff, v.dataCutoff)));
  return { ...row, parameters: row.parameters as DixonColesParams };
}

/** The latest fit of each country whose cut-off is at or before `at`. */
export async function latestVersionsAt(db: DbOrTx, at: Date): Promise<Map<string, ModelVersion>> {
  const rows = await db
    .selectDistinctOn([modelVersions.country])
    .from(modelVersions)
    .where(sql`${modelVersions.dataCutoff} <= ${at.toISOString()}::timestamptz`)
    .orderBy(modelVersions.country, desc(modelVersions.dataCutoff));
  return new Map(rows.map((r) => [r.country, { ...r, parameters: r.parameters as DixonColesParams }]));
}

export interface AiTipster {
  id: number;
  category: string;
}

export async function findAiTipsters(db: DbOrTx): Promise<AiTipster[]> {
  const rows = await db
    .select({ id: tipsters.id, category: tipsters.category })
    .from(tipsters)
    .where(inArray(tipsters.category, ['Low AI Model', 'Medium AI Model', 'High AI Model']))
    .orderBy(tipsters.id);
  return rows;
}

/** Tiers that already published their pick of the day. */
/**
 * `tipsterId:fixtureId` of every tip these tipsters still have open: one pick per market and
 * match (decision 114), so an AI tier picks another match rather than be refused on this one.
 */
export async function openTipFixturesOf(db: DbOrTx, tipsterIds: readonly number[]): Promise<Set<string>> {
  if (tipsterIds.length === 0) return new Set();
  const rows = await db
    .select({ tipsterId: tips.tipsterId, fixtureId: tips.fixtureId })
    .from(tips)
    .where(and(inArray(tips.tipsterId, [...tipsterIds]), isNull(tips.result), isNotNull(tips.fixtureId)));
  return new Set(rows.map((row) => `${row.tipsterId}:${row.fixtureId}`));
}

export async function tiersWithPickOn(db: DbOrTx, day: string): Promise<Set<number>> {
  const rows = await db.select({ tipsterId: aiPicks.tipsterId }).from(aiPicks).where(eq(aiPicks.day, day));
  return new Set(rows.map((r) => r.tipsterId));
}

/** Records an AI pick's provenance in the publishing transaction; the (tier, day) key makes it once a day. */
export async function recordAiPick(
  tx: Tx,
  pick: {
    tipsterId: number;
    day: string;
    tipId: number;
    modelVersionId: number;
    hitProbability: number;
    modelEdge: number;
  },
): Promise<void> {
  await tx.insert(aiPicks).values(pick);
}

export interface LiveTierRecord {
  tipsterId: number;
  picks: number;
  wins: number;
  losses: number;
  voids: number;
  since: Date | null;
}

/** Each tier's settled model picks (live record since its first pick). */
export async function liveRecords(db: DbOrTx): Promise<LiveTierRecord[]> {
  const result = await db.execute(sql`select p.tipster_id, count(*)::int as picks,
      count(*) filter (where t.result = 'WIN')::int as wins,
      count(*) filter (where t.result = 'LOSS')::int as losses,
      count(*) filter (where t.result = 'VOID')::int as voids,
      (select min(t2.published_at) from ai_picks p2 join tips t2 on t2.id = p2.tip_id where p2.tipster_id = p.tipster_id) as since
    from ai_picks p join tips t on t.id = p.tip_id
    where t.result is not null
    group by p.tipster_id`);
  return rowsOf(result).map((r) => ({
    tipsterId: Number(r.tipster_id),
    picks: Number(r.picks),
    wins: Number(r.wins),
    losses: Number(r.losses),
    voids: Number(r.voids),
    since: r.since ? new Date(r.since as string) : null,
  }));
}

/** The latest fit of every country together: when, up to when, on how many matches. */
export async function latestFitSummary(db: DbOrTx) {
  const result = await db.execute(sql`select max(fitted_at) as fitted_at, max(data_cutoff) as data_cutoff,
      count(*)::int as countries, coalesce(sum(matches), 0)::int as matches
    from (select distinct on (country) country, fitted_at, data_cutoff, matches
      from model_versions order by country, data_cutoff desc) latest`);
  const r = rowsOf(result)[0];
  if (!r || Number(r.countries) === 0) return null;
  return {
    fittedAt: new Date(r.fitted_at as string),
    dataCutoff: new Date(r.data_cutoff as string),
    countries: Number(r.countries),
    matches: Number(r.matches),
  };
}

/** Countries with fixtures kicking off in (from, to]: the ones a pick in that window can be on. */
export async function countriesWithFixtures(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
  const result = await db.execute(sql`select distinct c.country from fixtures f
    join competitions c on c.id = f.competition_id
    where f.kickoff_at > ${from.toISOString()}::timestamptz and f.kickoff_at <= ${to.toISOString()}::timestamptz
    order by c.country`);
  return rowsOf(result).map((r) => String(r.country));
}
