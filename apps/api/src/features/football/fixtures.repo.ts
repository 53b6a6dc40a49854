import { RESULT_STATUSES } from '@tips/contract/rules';
import { and, asc, count, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { competitions, fixtures, seasons, teamAliases, teams } from '../../db/schema';
import type { CompetitionInfo } from './competition-catalogue';
import type { FixtureStatus, FixtureWriteReport } from './feed-fixture';
import { teamAlias } from './team-alias';

/** Rows per fixture statement: every column travels as one array parameter (unnest). */
const FIXTURE_CHUNK = 5_000;

interface RawRows<Row> {
  rows: Row[];
}

async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as RawRows<Row>).rows;
}

/** Competitions by code, created or refreshed from the catalogue; returns their ids. */
export async function upsertCompetitions(
  db: DbOrTx,
  infos: readonly CompetitionInfo[],
  now: Date,
): Promise<Map<string, number>> {
  if (infos.length === 0) return new Map();
  const sorted = [...infos].sort((a, b) => a.code.localeCompare(b.code));
  const codes = sorted.map((c) => c.code);
  await db.execute(sql`
    insert into competitions (code, name, country, time_zone, tier, updated_at)
    select c.code, c.name, c.country, c.time_zone, c.tier, ${now.toISOString()}::timestamptz
    from unnest(${sql.param(codes)}::text[], ${sql.param(sorted.map((c) => c.name))}::text[],
      ${sql.param(sorted.map((c) => c.country))}::text[], ${sql.param(sorted.map((c) => c.timeZone))}::text[],
      ${sql.param(sorted.map((c) => c.tier))}::int[]) as c(code, name, country, time_zone, tier)
    on conflict (code) do update set name = excluded.name, country = excluded.country,
      time_zone = excluded.time_zone, tier = excluded.tier, updated_at = excluded.updated_at
    where (competitions.name, competitions.country, competitions.time_zone, competitions.tier)
      is distinct from (excluded.name, excluded.country, excluded.time_zone, excluded.tier)`);
  // A second statement: it sees rows another import committed while this one waited on them.
  const rows = await db
    .select({ id: competitions.id, code: competitions.code })
    .from(competitions)
    .where(inArray(competitions.code, codes));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Season ids by `${competitionId}:${name}`, created when missing. */
export async function upsertSeasons(
  db: DbOrTx,
  keys: ReadonlyArray<{ competitionId: number; name: string }>,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const sorted = [...keys].sort((a, b) => a.competitionId - b.competitionId || a.name.localeCompare(b.name));
  const ids = sql.param(sorted.map((k) => k.competitionId));
  const names = sql.param(sorted.map((k) => k.name));
  await db.execute(sql`
    insert into seasons (competition_id, name)
    select * from unnest(${ids}::int[], ${names}::text[])
    on conflict (competition_id, name) do nothing`);
  const rows = await rowsOf<{ id: number; competition_id: number; name: string }>(
    db,
    sql`select s.id, s.competition_id, s.name from seasons s
      join unnest(${ids}::int[], ${names}::text[]) as k(competition_id, name)
        on s.competition_id = k.competition_id and s.name = k.name`,
  );
  return new Map(rows.map((r) => [`${r.competition_id}:${r.name}`, r.id]));
}

/**
 * Team ids by spelling. A spelling is found through its alias (teamAlias); a new one creates the
 * team (named as first spelled) and the alias. Safe against a concurrent import creating the same
 * teams: both inserts skip what exists, and the ids are read back after them.
 */
export async function resolveTeams(
  db: DbOrTx,
  spellings: ReadonlyArray<{ name: string; country: string | null }>,
): Promise<Map<string, number>> {
  const byAlias = new Map<string, { name: string; country: string | null }>();
  for (const s of spellings) {
    const key = teamAlias(s.name);
    if (!byAlias.has(key)) byAlias.set(key, s);
  }
  if (byAlias.size === 0) return new Map();
  const readAliases = async (keys: string[]) =>
    db
      .select({ alias: teamAliases.alias, teamId: teamAliases.teamId })
      .from(teamAliases)
      .where(inArray(teamAliases.alias, keys));
  const idByAlias = new Map((await readAliases([...byAlias.keys()])).map((r) => [r.alias, r.teamId]));
  const missing = [...byAlias.keys()].filter((key) => !idByAlias.has(key)).sort();
  if (missing.length > 0) {
    const names = sql.param(missing.map((key) => byAlias.get(key)?.name ?? key));
    await db.execute(sql`
      insert into teams (name, country)
      select * from unnest(${names}::text[], ${sql.param(missing.map((key) => byAlias.get(key)?.country ?? null))}::text[])
      on conflict (name) do nothing`);
    await db.execute(sql`
      insert into team_aliases (alias, team_id)
      select a.alias, t.id from unnest(${sql.param(missing)}::text[], ${names}::text[]) as a(alias, name)
      join teams t on t.name = a.name
      order by a.alias
      on conflict (alias) do nothing`);
    for (const row of await readAliases(missing)) idByAlias.set(row.alias, row.teamId);
  }
  const result = new Map<string, number>();
  for (const s of spellings) {
    const id = idByAlias.get(teamAlias(s.name));
    if (id === undefined) throw new Error(`team '${s.name}' could not be resolved`);
    result.set(s.name, id);
  }
  return result;
}

export interface FixtureRowInput {
  source: string;
  sourceId: string;
  competitionId: number;
  seasonId: number;
  round: string;
  homeTeamId: number;
  awayTeamId: number;
  kickoffAt: Date;
  status: FixtureStatus;
  halfTime: readonly [number, number] | null;
  fullTime: readonly [number, number] | null;
}

export function hasResult(status: FixtureStatus, fullTime: FixtureRowInput['fullTime']): boolean {
  return fullTime !== null || RESULT_STATUSES.includes(status);
}

/**
 * Inserts new fixtures and updates those whose facts changed, by (source, source_id), in one
 * statement per chunk. A row whose facts are all equal is not touched (updated_at stays).
 * `result_at` is set when a result first arrives and kept while it stays (cleared if it is
 * withdrawn). Rows are written in source-id order, so two imports of overlapping batches lock
 * rows in the same order and cannot deadlock. `resultChangedIds` lists existing fixtures whose
 * status or scores changed while a result is involved (before or after); a fixture inserted with
 * its result is only counted as added — no tip can be on it yet.
 */
export async function upsertFixtures(
  db: DbOrTx,
  input: readonly FixtureRowInput[],
  now: Date,
): Promise<FixtureWriteReport> {
  const report: FixtureWriteReport = { added: 0, updated: 0, unchanged: 0, resultChangedIds: [] };
  const sorted = [...input].sort((a, b) =>
    a.source === b.source
      ? a.sourceId < b.sourceId
        ? -1
        : a.sourceId > b.sourceId
          ? 1
          : 0
      : a.source < b.source
        ? -1
        : 1,
  );
  for (let start = 0; start < sorted.length; start += FIXTURE_CHUNK) {
    const chunk = sorted.slice(start, start + FIXTURE_CHUNK);
    const rows = await rowsOf<{ id: number; inserted: boolean; result_changed: boolean }>(
      db,
      upsertStatement(chunk, now),
    );
    for (const row of rows) {
      if (row.inserted) report.added++;
      else report.updated++;
      if (row.result_changed) report.resultChangedIds.push(row.id);
    }
    report.unchanged += chunk.length - rows.length;
  }
  return report;
}

function upsertStatement(chunk: readonly FixtureRowInput[], now: Date): SQL {
  const col = <T>(pick: (f: FixtureRowInput) => T) => sql.param(chunk.map(pick));
  const nowIso = now.toISOString();
  const resultStatuses = sql.param([...RESULT_STATUSES]);
  return sql`
    with input as (
      select * from unnest(
        ${col((f) => f.source)}::text[], ${col((f) => f.sourceId)}::text[],
        ${col((f) => f.competitionId)}::int[], ${col((f) => f.seasonId)}::int[], ${col((f) => f.round)}::text[],
        ${col((f) => f.homeTeamId)}::int[], ${col((f) => f.awayTeamId)}::int[],
        ${col((f) => f.kickoffAt.toISOString())}::timestamptz[], ${col((f) => f.status)}::text[],
        ${col((f) => f.halfTime?.[0] ?? null)}::int[], ${col((f) => f.halfTime?.[1] ?? null)}::int[],
        ${col((f) => f.fullTime?.[0] ?? null)}::int[], ${col((f) => f.fullTime?.[1] ?? null)}::int[],
        ${col((f) => (hasResult(f.status, f.fullTime) ? nowIso : null))}::timestamptz[]
      ) as i(source, source_id, competition_id, season_id, round, home_team_id, away_team_id, kickoff_at,
             status, ht_home, ht_away, ft_home, ft_away, result_at)
    ),
    prior as (
      select f.id, f.status, f.ht_home, f.ht_away, f.ft_home, f.ft_away
      from fixtures f join input i on f.source = i.source and f.source_id = i.source_id
    ),
    written as (
      insert into fixtures as f (source, source_id, competition_id, season_id, round, home_team_id,
        away_team_id, kickoff_at, status, ht_home, ht_away, ft_home, ft_away, result_at, created_at, updated_at)
      select i.*, ${nowIso}::timestamptz, ${nowIso}::timestamptz from input i order by i.source, i.source_id
      on conflict (source, source_id) do update set
        competition_id = excluded.competition_id, season_id = excluded.season_id, round = excluded.round,
        home_team_id = excluded.home_team_id, away_team_id = excluded.away_team_id,
        kickoff_at = excluded.kickoff_at, status = excluded.status,
        ht_home = excluded.ht_home, ht_away = excluded.ht_away,
        ft_home = excluded.ft_home, ft_away = excluded.ft_away,
        result_at = case when excluded.result_at is null then null
                         else coalesce(f.result_at, excluded.result_at) end,
        updated_at = excluded.updated_at
      where (f.competition_id, f.season_id, f.round, f.home_team_id, f.away_team_id, f.kickoff_at,
             f.status, f.ht_home, f.ht_away, f.ft_home, f.ft_away)
        is distinct from (excluded.competition_id, excluded.season_id, excluded.round,
             excluded.home_team_id, excluded.away_team_id, excluded.kickoff_at, excluded.status,
             excluded.ht_home, excluded.ht_away, excluded.ft_home, excluded.ft_away)
      returning f.id, (f.xmax = 0) as inserted, f.status, f.ht_home, f.ht_away, f.ft_home, f.ft_away
    )
    select w.id, w.inserted,
      (not w.inserted and p.id is not null
        and (p.status = any(${resultStatuses}::text[]) or w.status = any(${resultStatuses}::text[])
             or p.ft_home is not null or w.ft_home is not null)
        and (p.status, p.ht_home, p.ht_away, p.ft_home, p.ft_away)
          is distinct from (w.status, w.ht_home, w.ht_away, w.ft_home, w.ft_away)) as result_changed
    from written w left join prior p on p.id = w.id`;
}

// ---- Reads -------------------------------------------------------------------------------------

export interface FixtureFilter {
  from: Date;
  to: Date | null;
  competitionCodes: readonly string[];
  /** A folded fragment (teamAlias), matched against every alias of a team and competition names. */
  teamText: string | null;
}

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

const fixtureColumns = {
  id: fixtures.id,
  competitionCode: competitions.code,
  competitionName: competitions.name,
  season: seasons.name,
  round: fixtures.round,
  homeTeam: home.name,
  awayTeam: away.name,
  kickoffAt: fixtures.kickoffAt,
  status: fixtures.status,
  htHome: fixtures.htHome,
  htAway: fixtures.htAway,
  ftHome: fixtures.ftHome,
  ftAway: fixtures.ftAway,
};

function conditions(filter: FixtureFilter): SQL | undefined {
  // The alias table is small (one row per spelling): a LIKE over it, then fixtures by team index.
  const matchingTeams = filter.teamText
    ? sql`(select team_id from team_aliases where alias like ${`%${filter.teamText}%`})`
    : undefined;
  return and(
    gte(fixtures.kickoffAt, filter.from),
    filter.to ? lt(fixtures.kickoffAt, filter.to) : undefined,
    filter.competitionCodes.length > 0
      ? inArray(
          fixtures.competitionId,
          sql`(select id from competitions where code = any(${sql.param([...filter.competitionCodes])}::text[]))`,
        )
      : undefined,
    // The publish picker searches by team or competition: a competition's name matches too.
    matchingTeams
      ? or(
          inArray(fixtures.homeTeamId, matchingTeams),
          inArray(fixtures.awayTeamId, matchingTeams),
          inArray(
            fixtures.competitionId,
            sql`(select id from competitions where lower(name) like ${`%${filter.teamText}%`})`,
          ),
        )
      : undefined,
  );
}

function selectFixtures(db: DbOrTx) {
  return db
    .select(fixtureColumns)
    .from(fixtures)
    .innerJoin(competitions, eq(competitions.id, fixtures.competitionId))
    .innerJoin(seasons, eq(seasons.id, fixtures.seasonId))
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId));
}

export async function countFixtures(db: DbOrTx, filter: FixtureFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fixtures).where(conditions(filter));
  return row.n;
}

export async function listFixtures(
  db: DbOrTx,
  filter: FixtureFilter,
  page: { limit: number; offset: number },
) {
  return selectFixtures(db)
    .where(conditions(filter))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findFixture(db: DbOrTx, id: number) {
  const [row] = await selectFixtures(db).where(eq(fixtures.id, id));
  return row;
}

export type FixtureListRow = Awaited<ReturnType<typeof listFixtures>>[number];
