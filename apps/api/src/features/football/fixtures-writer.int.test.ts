import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { competitions, fixtures, seasons, teamAliases, teams } from '../../db/schema';
import type { FeedFixture } from './feed-fixture';
import { writeFixtures } from './fixtures.service';
import { parseOpenfootballFile } from './openfootball';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const T0 = new Date('2025-03-01T10:00:00Z');
const T1 = new Date('2025-03-08T10:00:00Z');

function seasonFile(finalScore: [number, number] | null, kickoffTime = '17:30') {
  return JSON.stringify({
    name: 'Test Premier League 2024/25',
    matches: [
      {
        round: 'Matchday 1',
        date: '2024-08-17',
        time: '15:00',
        team1: 'Writer Town FC',
        team2: 'Writer City FC',
        score: { ht: [0, 0], ft: [1, 0] },
      },
      {
        round: 'Matchday 30',
        date: '2025-03-15',
        time: kickoffTime,
        team1: 'Writer City FC',
        team2: 'Writer Town FC',
        score: finalScore ? { ht: [0, 1], ft: finalScore } : {},
      },
      { round: 'Matchday 30', date: '2025-03-16', team1: 'Writer Rovers', team2: 'Writer Athletic' },
    ],
  });
}

const parse = (content: string, name = '2024-25/en.1.json') => parseOpenfootballFile(name, content).fixtures;
const write = (batch: FeedFixture[], now: Date) =>
  database.db.transaction((tx) => writeFixtures(tx, batch, now));

async function writerFixtures() {
  return database.db
    .select({
      id: fixtures.id,
      sourceId: fixtures.sourceId,
      status: fixtures.status,
      ftHome: fixtures.ftHome,
      ftAway: fixtures.ftAway,
      htHome: fixtures.htHome,
      kickoffAt: fixtures.kickoffAt,
      resultAt: fixtures.resultAt,
      updatedAt: fixtures.updatedAt,
    })
    .from(fixtures)
    .where(sql`${fixtures.sourceId} like 'en.1:2024-25:%writer%'`)
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
}

describe('writeFixtures', () => {
  it('imports a file: competition, season, teams with aliases, fixtures', async () => {
    const report = await write(parse(seasonFile(null)), T0);
    expect(report).toEqual({ added: 3, updated: 0, unchanged: 0, resultChangedIds: [] });
    const [competition] = await database.db.select().from(competitions).where(eq(competitions.code, 'en.1'));
    expect(competition).toMatchObject({
      name: 'English Premier League',
      country: 'en',
      timeZone: 'Europe/London',
      tier: 1,
    });
    const [season] = await database.db
      .select()
      .from(seasons)
      .where(eq(seasons.competitionId, competition.id));
    expect(season.name).toBe('2024-25');
    const rows = await writerFixtures();
    expect(rows.map((r) => [r.status, r.ftHome, r.ftAway])).toEqual([
      ['finished', 1, 0],
      ['scheduled', null, null],
      ['scheduled', null, null],
    ]);
    expect(rows[0].resultAt).toEqual(T0);
    expect(rows[1].resultAt).toBeNull();
    expect(rows[1].kickoffAt).toEqual(new Date('2025-03-15T17:30:00Z'));
    // No time given: 15:00 local.
    expect(rows[2].kickoffAt).toEqual(new Date('2025-03-16T15:00:00Z'));
    const [alias] = await database.db
      .select()
      .from(teamAliases)
      .where(eq(teamAliases.alias, 'writer town fc'));
    const [team] = await database.db.select().from(teams).where(eq(teams.id, alias.teamId));
    expect(team).toMatchObject({ name: 'Writer Town FC', country: 'en' });
  });

  it('a second import of the same file changes no row', async () => {
    const before = await writerFixtures();
    const report = await write(parse(seasonFile(null)), T1);
    expect(report).toEqual({ added: 0, updated: 0, unchanged: 3, resultChangedIds: [] });
    expect(await writerFixtures()).toEqual(before);
  });

  it('a newer file updates the fixture it has: result, result_at, and nothing else', async () => {
    const [first, pending, other] = await writerFixtures();
    const report = await write(parse(seasonFile([2, 2], '20:00')), T1);
    expect(report).toEqual({ added: 0, updated: 1, unchanged: 2, resultChangedIds: [pending.id] });
    const rows = await writerFixtures();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      id: pending.id,
      status: 'finished',
      ftHome: 2,
      ftAway: 2,
      htHome: 0,
      kickoffAt: new Date('2025-03-15T20:00:00Z'),
      resultAt: T1,
      updatedAt: T1,
    });
    expect(rows[0]).toEqual(first);
    expect(rows[2]).toEqual(other);
  });

  it('a kick-off move alone is an update but not a result; a score correction is a result', async () => {
    const [, decided] = await writerFixtures();
    const later = new Date('2025-03-09T10:00:00Z');
    const corrected = await write(parse(seasonFile([2, 1], '20:00')), later);
    expect(corrected).toMatchObject({ updated: 1, resultChangedIds: [decided.id] });
    const [, row] = await writerFixtures();
    // The result first arrived at T1; a correction keeps that moment.
    expect(row).toMatchObject({ ftAway: 1, resultAt: T1, updatedAt: later });
    const moved = await write(parse(seasonFile([2, 1], '20:15')), later);
    expect(moved).toEqual({ added: 0, updated: 1, unchanged: 2, resultChangedIds: [] });
  });

  it('resolves teams through their aliases: a folded-equal spelling is the same team, a new one a new team', async () => {
    const teamsBefore = await database.db.select({ id: teams.id }).from(teams);
    const other = JSON.stringify({
      name: 'Test Championship 2024/25',
      matches: [
        {
          round: 'Matchday 2',
          date: '2024-08-24',
          team1: 'WRITER TOWN FC',
          team2: 'Writer Athlétic',
          score: {},
        },
        { round: 'Matchday 2', date: '2024-08-24', team1: 'Writer Town', team2: 'Writer Rovers', score: {} },
      ],
    });
    const report = await write(parse(other, '2024-25/en.2.json'), T1);
    expect(report.added).toBe(2);
    const teamIdOf = async (alias: string) =>
      (await database.db.select().from(teamAliases).where(eq(teamAliases.alias, alias)))[0]?.teamId;
    const rows = await database.db
      .select({ home: fixtures.homeTeamId, away: fixtures.awayTeamId })
      .from(fixtures)
      .where(sql`${fixtures.sourceId} like 'en.2:2024-25:%'`)
      .orderBy(asc(fixtures.id));
    expect(rows[0]).toEqual({
      home: await teamIdOf('writer town fc'),
      away: await teamIdOf('writer athletic'),
    });
    // 'Writer Town' is another name, not another spelling: a team of its own, with its alias.
    const newTeam = await teamIdOf('writer town');
    expect(newTeam).toBeDefined();
    expect(rows[1]).toEqual({ home: newTeam, away: await teamIdOf('writer rovers') });
    expect((await database.db.select({ id: teams.id }).from(teams)).length).toBe(teamsBefore.length + 1);
    const [created] = await database.db
      .select()
      .from(teams)
      .where(eq(teams.id, newTeam as number));
    expect(created.name).toBe('Writer Town');
  });

  it('two concurrent writes of the same batch: no duplicates, no failure', async () => {
    const batch = parse(
      JSON.stringify({
        name: 'Test Serie A',
        matches: Array.from({ length: 40 }, (_, i) => ({
          round: `Matchday ${i + 1}`,
          date: '2024-09-01',
          team1: `Concurrent ${i} FC`,
          team2: `Concurrent ${i + 100} FC`,
          score: { ft: [i % 3, 1] },
        })),
      }),
      '2024-25/it.1.json',
    );
    const [a, b] = await Promise.all([write(batch, T0), write(batch, T0)]);
    expect(a.added + b.added).toBe(40);
    expect(a.unchanged + b.unchanged).toBe(40);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fixtures)
      .where(sql`${fixtures.sourceId} like 'it.1:2024-25:%'`);
    expect(n).toBe(40);
    const [{ teamCount }] = await database.db
      .select({ teamCount: sql<number>`count(*)::int` })
      .from(teams)
      .where(sql`${teams.name} like 'Concurrent %'`);
    expect(teamCount).toBe(80);
  });
});
