import { offsetOf, type Paged, totalPages } from '@tips/contract';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/audit.repo';
import { findCompetition } from './competition-catalogue';
import type { FeedFixture, FixtureWriteReport } from './feed-fixture';
import type { Fixture, FixtureImportResult, FixtureListQuery } from './fixture.schemas';
import {
  countFixtures,
  type FixtureListRow,
  findFixture,
  listFixtures,
  resolveTeams,
  upsertCompetitions,
  upsertFixtures,
  upsertSeasons,
} from './fixtures.repo';
import { OpenfootballFileError, parseOpenfootballFile } from './openfootball';
import { teamAlias } from './team-alias';

/**
 * Writes a batch of feed fixtures: competitions, seasons and teams first (created when new), then
 * the fixtures by (source, sourceId). Call it inside a transaction to make the batch atomic.
 */
export async function writeFixtures(
  db: DbOrTx,
  batch: readonly FeedFixture[],
  now: Date,
): Promise<FixtureWriteReport> {
  if (batch.length === 0) return { added: 0, updated: 0, unchanged: 0, resultChangedIds: [] };
  const infos = [...new Set(batch.map((f) => f.competitionCode))].map((code) => {
    const info = findCompetition(code);
    if (!info) throw new Error(`unknown competition code '${code}'`);
    return info;
  });
  const competitionIds = await upsertCompetitions(db, infos, now);
  const competitionId = (code: string) => competitionIds.get(code) as number;
  const seasonKeys = new Map<string, { competitionId: number; name: string }>();
  for (const f of batch) {
    const key = { competitionId: competitionId(f.competitionCode), name: f.season };
    seasonKeys.set(`${key.competitionId}:${key.name}`, key);
  }
  const countryOf = new Map(infos.map((i) => [i.code, i.country === 'eu' ? null : i.country]));
  // One after the other: a transaction runs one statement at a time.
  const seasonIds = await upsertSeasons(db, [...seasonKeys.values()]);
  const teamIds = await resolveTeams(
    db,
    batch.flatMap((f) => {
      const country = countryOf.get(f.competitionCode) ?? null;
      return [
        { name: f.homeTeam, country },
        { name: f.awayTeam, country },
      ];
    }),
  );
  // One row per key: a batch naming a fixture twice keeps its last version.
  const rows = new Map<string, Parameters<typeof upsertFixtures>[1][number]>();
  for (const f of batch) {
    const cid = competitionId(f.competitionCode);
    rows.set(`${f.source}\u0000${f.sourceId}`, {
      source: f.source,
      sourceId: f.sourceId,
      competitionId: cid,
      seasonId: seasonIds.get(`${cid}:${f.season}`) as number,
      round: f.round,
      homeTeamId: teamIds.get(f.homeTeam) as number,
      awayTeamId: teamIds.get(f.awayTeam) as number,
      kickoffAt: f.kickoffAt,
      status: f.status,
      halfTime: f.halfTime,
      fullTime: f.fullTime,
    });
  }
  const report = await upsertFixtures(db, [...rows.values()], now);
  report.unchanged += batch.length - rows.size;
  return report;
}

export interface FixturesServiceDeps {
  db: Db;
  clock: Clock;
}

export type FixturesService = ReturnType<typeof createFixturesService>;

export function createFixturesService({ db, clock }: FixturesServiceDeps) {
  return {
    /** GET /fixtures: fixtures by kick-off, paged and filtered. */
    async list(query: FixtureListQuery): Promise<Paged<Fixture>> {
      const from = query.from ?? clock.now();
      if (query.to && query.to.getTime() < from.getTime()) throw badRequest('to must not be before from');
      const text = query.q ? teamAlias(query.q) : '';
      const filter = {
        from,
        to: query.to ?? null,
        competitionCodes: query.competition,
        teamText: text === '' ? null : text,
      };
      const page = { limit: query.pageSize, offset: offsetOf(query.pageNumber, query.pageSize) };
      const [totalItems, rows] = await Promise.all([
        countFixtures(db, filter),
        listFixtures(db, filter, page),
      ]);
      return {
        currentPage: query.pageNumber,
        pageSize: query.pageSize,
        totalItems,
        totalPages: totalPages(totalItems, query.pageSize),
        data: rows.map(toFixtureDto),
      };
    },

    /** GET /fixtures/{id}. */
    async get(id: number): Promise<Fixture> {
      const row = await findFixture(db, id);
      if (!row) throw notFound(`Fixture ${id} not found`);
      return toFixtureDto(row);
    },

    /**
     * POST /admin/fixtures/import: one openfootball file, written and audited in one transaction.
     * The season comes from the dates (an upload has no folder).
     */
    async importFile(actorUserId: number, fileName: string, content: Buffer): Promise<FixtureImportResult> {
      let parsed: ReturnType<typeof parseOpenfootballFile>;
      try {
        parsed = parseOpenfootballFile(fileName, content);
      } catch (error) {
        if (error instanceof OpenfootballFileError) throw badRequest(`${fileName}: ${error.message}`);
        throw error;
      }
      const now = clock.now();
      const report = await db.transaction(async (tx) => {
        const written = await writeFixtures(tx, parsed.fixtures, now);
        await writeAudit(tx, {
          actorUserId,
          action: 'fixtures.import',
          entity: 'season',
          entityId: `${parsed.competition.code}:${parsed.season}`,
          after: {
            file: fileName,
            added: written.added,
            updated: written.updated,
            unchanged: written.unchanged,
            skipped: parsed.problems.length,
          },
          now,
        });
        return written;
      });
      return {
        file: fileName,
        competition: parsed.competition.code,
        season: parsed.season,
        added: report.added,
        updated: report.updated,
        unchanged: report.unchanged,
        skipped: parsed.problems.map(({ match, reason }) => ({ match, reason })),
      };
    },
  };
}

const pair = (home: number | null, away: number | null) =>
  home === null || away === null ? null : { home, away };

/** Scores are shown once the result is known (finished or awarded), never before. */
export function toFixtureDto(row: FixtureListRow): Fixture {
  const isDecided = row.status === 'finished' || row.status === 'awarded';
  return {
    id: row.id,
    competition: { code: row.competitionCode, name: row.competitionName },
    season: row.season,
    round: row.round,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    kickoffAt: row.kickoffAt.toISOString(),
    status: row.status,
    score: isDecided
      ? { halfTime: pair(row.htHome, row.htAway), fullTime: pair(row.ftHome, row.ftAway) }
      : { halfTime: null, fullTime: null },
  };
}
