import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { writeFixtures } from '../football/fixtures.service';
import { parseOpenfootballFile } from '../football/openfootball';

/** Helpers of the market-price tests: a small league written through the fixture writer. */

export const silentLog = { info: () => {}, warn: () => {} };

export interface LeagueMatch {
  date: string;
  time: string;
  home: string;
  away: string;
  ft?: [number, number];
  ht?: [number, number];
  /** Part of the fixture's key in its file: a second match of the same teams needs another round. */
  round?: string;
}

export async function writeLeague(t: TestApp, file: string, name: string, matches: readonly LeagueMatch[]) {
  const content = {
    name,
    matches: matches.map((m) => ({
      round: m.round ?? 'Matchday 1',
      date: m.date,
      time: m.time,
      team1: m.home,
      team2: m.away,
      score: m.ft ? { ht: m.ht ?? [0, 0], ft: m.ft } : {},
    })),
  };
  const { fixtures } = parseOpenfootballFile(file, JSON.stringify(content));
  await writeFixtures(t.database.db, fixtures, t.clock.now());
}

export async function fixtureIdOf(t: TestApp, home: string, away: string): Promise<number> {
  const result = (await t.database.db.execute(sql`
    select f.id from fixtures f join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id
    where h.name = ${home} and a.name = ${away} order by f.kickoff_at desc limit 1`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no fixture ${home} v ${away}`);
  return id;
}

export async function priceRows(t: TestApp, fixtureId: number) {
  const result = (await t.database.db.execute(sql`
    select betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at
    from market_prices where fixture_id = ${fixtureId} order by betting_type, selection, read_at`)) as unknown as {
    rows: Array<{ betting_type: number; selection: string; odds_hundredths: number; read_at: Date | string }>;
  };
  return result.rows;
}
