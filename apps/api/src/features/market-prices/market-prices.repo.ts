import type { PriceSource } from '@tips/contract';
import { formatLine, LINE_MARKETS } from '@tips/contract/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonColumn } from '../../db/prepared';
import type { PlayedMatch } from './house-book/house-book';
import type { PriceQuote, UpcomingFixture } from './price-source.port';

/**
 * The market_prices table (decision 135). A read that finds a price unchanged moves its
 * `checked_at`; a changed price appends a row. "Current" means the latest row of its (fixture,
 * betting type, selection, bookmaker) was checked within the maximum age. Every read takes the
 * moment it asks about (`at`), so the same functions answer "now" and "at kick-off".
 */

interface RawRows<Row> {
  rows: Row[];
}

async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as RawRows<Row>).rows;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

// ------------------------------------------------------------------------------------------------
// What the refresher reads.

/** Scheduled fixtures kicking off in (from, until], with their teams' aliases. */
export async function listUpcomingFixtures(db: DbOrTx, from: Date, until: Date): Promise<UpcomingFixture[]> {
  const rows = await rowsOf<{
    id: number;
    competition_code: string;
    kickoff_at: Date | string;
    home_team_id: number;
    away_team_id: number;
    home_team: string;
    away_team: string;
    home_aliases: string[] | null;
    away_aliases: string[] | null;
  }>(
    db,
    sql`select f.id, c.code as competition_code, f.kickoff_at, f.home_team_id, f.away_team_id,
          h.name as home_team, a.name as away_team,
          (select array_agg(alias order by alias) from team_aliases where team_id = f.home_team_id) as home_aliases,
          (select array_agg(alias order by alias) from team_aliases where team_id = f.away_team_id) as away_aliases
        from fixtures f
        join competitions c on c.id = f.competition_id
        join teams h on h.id = f.home_team_id
        join teams a on a.id = f.away_team_id
        where f.status = 'scheduled' and f.kickoff_at > ${from.toISOString()}::timestamptz and f.kickoff_at <= ${until.toISOString()}::timestamptz
        order by f.kickoff_at, f.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    competitionCode: r.competition_code,
    kickoffAt: toDate(r.kickoff_at),
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    homeAliases: r.home_aliases ?? [],
    awayAliases: r.away_aliases ?? [],
  }));
}

/** One scheduled fixture kicking off after `now`, with its teams' aliases; undefined otherwise. */
export async function findUpcomingFixture(
  db: DbOrTx,
  fixtureId: number,
  now: Date,
): Promise<UpcomingFixture | undefined> {
  const [kickoff] = await rowsOf<{ kickoff_at: Date | string }>(
    db,
    sql`select kickoff_at from fixtures where id = ${fixtureId} and status = 'scheduled'`,
  );
  if (!kickoff) return undefined;
  const at = toDate(kickoff.kickoff_at);
  if (at.getTime() <= now.getTime()) return undefined;
  const around = await listUpcomingFixtures(db, new Date(at.getTime() - 1), at);
  return around.find((f) => f.id === fixtureId);
}

/**
 * True when the refresher has polled this source (any scope) yet the fixture has no price of it
 * at all: it was imported since its batch was polled, or its batch was not due then.
 */
export async function missedByLastPoll(db: DbOrTx, source: PriceSource, fixtureId: number): Promise<boolean> {
  const [row] = await rowsOf<{ missed: boolean }>(
    db,
    sql`select exists (select 1 from market_price_polls where scope like ${`${source}:%`})
          and not exists (select 1 from market_prices where fixture_id = ${fixtureId} and source = ${source}) as missed`,
  );
  return row?.missed === true;
}

/** The competition's results known by `until` (full-time score set), kicked off since `since`. */
export async function playedMatchesOf(
  db: DbOrTx,
  competitionCode: string,
  since: Date,
  until: Date,
): Promise<PlayedMatch[]> {
  const rows = await rowsOf<{
    home_team_id: number;
    away_team_id: number;
    ft_home: number;
    ft_away: number;
    ht_home: number | null;
    ht_away: number | null;
    kickoff_at: Date | string;
  }>(
    db,
    sql`select f.home_team_id, f.away_team_id, f.ft_home, f.ft_away, f.ht_home, f.ht_away, f.kickoff_at
        from fixtures f join competitions c on c.id = f.competition_id
        where c.code = ${competitionCode} and f.ft_home is not null
          and f.kickoff_at >= ${since.toISOString()}::timestamptz and f.kickoff_at <= ${until.toISOString()}::timestamptz
        order by f.kickoff_at, f.id`,
  );
  return rows.map((r) => ({
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    ftHome: r.ft_home,
    ftAway: r.ft_away,
    htHome: r.ht_home,
    htAway: r.ht_away,
    kickoffAt: toDate(r.kickoff_at),
  }));
}

/**
 * Claims a poll scope ('api-football:en.1:2025-03-15') when its last poll is at least
 * `minIntervalMs` old: one conditional upsert, so of several processes only one wins per interval.
 */
export async function claimPoll(
  db: DbOrTx,
  scope: string,
  now: Date,
  minIntervalMs: number,
): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - minIntervalMs).toISOString();
  const rows = await rowsOf<{ scope: string }>(
    db,
    sql`insert into market_price_polls (scope, polled_at) values (${scope}, ${now.toISOString()}::timestamptz)
        on conflict (scope) do update set polled_at = excluded.polled_at
          where market_price_polls.polled_at <= ${dueBefore}::timestamptz
        returning scope`,
  );
  return rows.length > 0;
}

/**
 * Gives a failed poll's claim back, so a later run may try again: the scope counts as polled
 * `retryAfterMs` before it would be due anyway (a failure still waits that long).
 */
export async function releasePoll(
  db: DbOrTx,
  scope: string,
  now: Date,
  minIntervalMs: number,
  retryAfterMs: number,
): Promise<void> {
  const polledAt = new Date(now.getTime() - Math.max(0, minIntervalMs - retryAfterMs)).toISOString();
  await db.execute(
    sql`update market_price_polls set polled_at = ${polledAt}::timestamptz
        where scope = ${scope} and polled_at = ${now.toISOString()}::timestamptz`,
  );
}

// ------------------------------------------------------------------------------------------------
// Writing.

/** Rows per statement: every column travels as one array parameter. */
const CHUNK = 5_000;

/**
 * Stores one read of prices at `now`: an unchanged price (same odds as the latest row of its key)
 * only moves that row's checked_at; a new or changed one appends a row. Returns how many rows were
 * appended. Quotes of one key twice in a batch keep the first.
 */
export async function storeQuotes(
  db: DbOrTx,
  source: PriceSource,
  quotes: readonly PriceQuote[],
  now: Date,
): Promise<number> {
  const seen = new Set<string>();
  const unique = quotes.filter((q) => {
    const key = `${q.fixtureId}|${q.bettingType}|${q.selection}|${q.bookmaker}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  let appended = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const at = now.toISOString();
    const rows = await rowsOf<{ appended: number }>(
      db,
      sql`with incoming as (
            select * from unnest(
              ${sql.param(chunk.map((q) => q.fixtureId))}::int[],
              ${sql.param(chunk.map((q) => q.bettingType))}::int[],
              ${sql.param(chunk.map((q) => q.selection))}::text[],
              ${sql.param(chunk.map((q) => q.bookmaker))}::text[],
              ${sql.param(chunk.map((q) => q.oddsHundredths))}::int[]
            ) as i(fixture_id, betting_type, selection, bookmaker, odds_hundredths)
          ),
          latest as (
            select distinct on (m.fixture_id, m.betting_type, m.selection, m.bookmaker)
              m.id, m.fixture_id, m.betting_type, m.selection, m.bookmaker, m.odds_hundredths
            from market_prices m
            join incoming i using (fixture_id, betting_type, selection, bookmaker)
            where m.source = ${source}
            order by m.fixture_id, m.betting_type, m.selection, m.bookmaker, m.read_at desc, m.id desc
          ),
          confirmed as (
            update market_prices m set checked_at = ${at}::timestamptz
            from latest l join incoming i using (fixture_id, betting_type, selection, bookmaker)
            where m.id = l.id and l.odds_hundredths = i.odds_hundredths and m.checked_at < ${at}::timestamptz
            returning m.id
          ),
          appended as (
            insert into market_prices
              (fixture_id, betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at)
            select i.fixture_id, i.betting_type, i.selection, i.bookmaker, i.odds_hundredths, ${source}::text, ${at}::timestamptz, ${at}::timestamptz
            from incoming i
            left join latest l using (fixture_id, betting_type, selection, bookmaker)
            where l.id is null or l.odds_hundredths <> i.odds_hundredths
            returning id
          )
          select (select count(*) from appended)::int as appended, (select count(*) from confirmed)::int as confirmed`,
    );
    appended += rows[0]?.appended ?? 0;
  }
  return appended;
}

/**
 * Deletes the prices of fixtures that kicked off before `before`, and poll claims older than it
 * (history kept bounded). Returns how many prices went.
 */
export async function prunePrices(db: DbOrTx, before: Date): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`delete from market_prices m using fixtures f
        where f.id = m.fixture_id and f.kickoff_at < ${before.toISOString()}::timestamptz
        returning m.id`,
  );
  await db.execute(
    sql`delete from market_price_polls where polled_at < ${before.toISOString()}::timestamptz`,
  );
  return rows.length;
}

// ------------------------------------------------------------------------------------------------
// Reading prices.

export interface FixtureKickoff {
  id: number;
  kickoffAt: Date;
  status: string;
}

export async function findFixtureKickoff(db: DbOrTx, fixtureId: number): Promise<FixtureKickoff | undefined> {
  const [row] = await rowsOf<{ id: number; kickoff_at: Date | string; status: string }>(
    db,
    sql`select id, kickoff_at, status from fixtures where id = ${fixtureId}`,
  );
  return row ? { id: row.id, kickoffAt: toDate(row.kickoff_at), status: row.status } : undefined;
}

/** A price a bookmaker offers (or offered) at a moment. */
export interface StoredPrice {
  bettingType: number;
  selection: string;
  bookmaker: string;
  source: PriceSource;
  oddsHundredths: number;
  /** When this price was first read. */
  readAt: Date;
  /** When a read last found it still offered. */
  checkedAt: Date;
}

interface PriceRow {
  betting_type: number;
  selection: string;
  bookmaker: string;
  source: PriceSource;
  odds_hundredths: number;
  read_at: Date | string;
  checked_at: Date | string;
}

const toPrice = (r: PriceRow): StoredPrice => ({
  bettingType: r.betting_type,
  selection: r.selection,
  bookmaker: r.bookmaker,
  source: r.source,
  oddsHundredths: r.odds_hundredths,
  readAt: toDate(r.read_at),
  checkedAt: toDate(r.checked_at),
});

/**
 * Each bookmaker's price of each selection as it stood at `at` (the latest row read by then),
 * kept when it was checked within `maxAgeMs` of `at`. `filter` narrows by betting type/selection.
 */
function pricesStandingAt(
  fixtureId: number,
  source: PriceSource,
  at: Date,
  maxAgeMs: number,
  filter: SQL = sql``,
): SQL {
  return sql`select * from (
      select distinct on (betting_type, selection, bookmaker)
        betting_type, selection, bookmaker, source, odds_hundredths, read_at, checked_at
      from market_prices
      where fixture_id = ${fixtureId} and source = ${source} and read_at <= ${at.toISOString()}::timestamptz ${filter}
      order by betting_type, selection, bookmaker, read_at desc, id desc
    ) standing
    where checked_at >= ${new Date(at.getTime() - maxAgeMs).toISOString()}::timestamptz`;
}

/** The best current price of every selection of a fixture at `at` (highest odds across bookmakers). */
export async function bestCurrentPrices(
  db: DbOrTx,
  fixtureId: number,
  source: PriceSource,
  at: Date,
  maxAgeMs: number,
): Promise<StoredPrice[]> {
  const rows = await rowsOf<PriceRow>(
    db,
    sql`select distinct on (betting_type, selection) *
        from (${pricesStandingAt(fixtureId, source, at, maxAgeMs)}) current
        order by betting_type, selection, odds_hundredths desc, checked_at desc, bookmaker`,
  );
  return rows
    .map(toPrice)
    .sort((a, b) => a.bettingType - b.bettingType || a.selection.localeCompare(b.selection));
}

/**
 * The selections that make up one market with `selection`: for a line (handicap or total) the two
 * sides of that line ('Home -0.25' / 'Away +0.25', 'Over 2.5' / 'Under 2.5'); otherwise null, every
 * selection of the betting type (1X2, correct score, odd/even, home/away). The European handicap's
 * draw is not a selection we sell, so its market lacks that third leg.
 */
export function marketSelectionsOf(bettingType: number, selection: string): string[] | null {
  const market = LINE_MARKETS[bettingType];
  if (!market) return null;
  const match = /^(\S+) ([+-]?\d+(?:\.\d+)?)$/.exec(selection);
  if (!match) return [selection];
  const line = Number(match[2]);
  const handicap = market.sides[0] === 'Home';
  const [first, second] = market.sides;
  const lineOf = (side: string) => (handicap && side !== match[1] ? -line + 0 : line);
  return [first, second].map((side) => `${side} ${formatLine(bettingType, lineOf(side))}`);
}

/** A best price with the whole market of its bookmaker for that bet at the same moment. */
export interface PriceWithMarket extends StoredPrice {
  fixtureId: number;
  /** Every selection of that market (marketSelectionsOf) this bookmaker offered then: to remove its margin. */
  market: Array<{ selection: string; oddsHundredths: number }>;
}

/**
 * In one statement: the prices of the bet's market standing at `at` (every bookmaker), the best of
 * `selection` among them, and that bookmaker's whole market (to remove its margin).
 */
async function bestPriceWithMarket(
  db: DbOrTx,
  fixtureId: number,
  bettingType: number,
  selection: string,
  source: PriceSource,
  at: Date,
  maxAgeMs: number,
): Promise<PriceWithMarket | null> {
  const selections = marketSelectionsOf(bettingType, selection);
  // The selection itself too, whatever the spelling of its line's other side.
  const inMarket = selections
    ? sql`and selection in (${sql.join(
        [selection, ...selections].map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const [best] = await rowsOf<PriceRow & { market: string | Array<{ selection: string; odds: number }> }>(
    db,
    sql`with current as (${pricesStandingAt(fixtureId, source, at, maxAgeMs, sql`and betting_type = ${bettingType} ${inMarket}`)}),
      best as (
        select * from current where selection = ${selection}
        order by odds_hundredths desc, checked_at desc, bookmaker limit 1
      )
      select best.*, (
        select json_agg(json_build_object('selection', c.selection, 'odds', c.odds_hundredths) order by c.selection)
        from current c where c.bookmaker = best.bookmaker
      ) as market
      from best`,
  );
  if (!best) return null;
  const market = jsonColumn<Array<{ selection: string; odds: number }> | null>(best.market);
  return {
    ...toPrice(best),
    fixtureId,
    market: (market ?? []).map((m) => ({
      selection: m.selection,
      oddsHundredths: m.odds,
    })),
  };
}

/**
 * The best current price of one selection at `at` across bookmakers, with that bookmaker's whole
 * market for the betting type; null when no bookmaker's price of it is current at `at`.
 */
export function bestCurrentPrice(
  db: DbOrTx,
  query: { fixtureId: number; bettingType: number; selection: string; at: Date },
  opts: { source: PriceSource; maxAgeMs: number },
): Promise<PriceWithMarket | null> {
  return bestPriceWithMarket(
    db,
    query.fixtureId,
    query.bettingType,
    query.selection,
    opts.source,
    query.at,
    opts.maxAgeMs,
  );
}

/**
 * The closing price: the best price of one selection still current just before kick-off (read
 * before it, and checked within the maximum age of it), with its bookmaker's whole market; null
 * when none was current then.
 */
export function lastPriceBefore(
  db: DbOrTx,
  query: { fixtureId: number; bettingType: number; selection: string; kickoff: Date },
  opts: { source: PriceSource; maxAgeMs: number },
): Promise<PriceWithMarket | null> {
  return bestPriceWithMarket(
    db,
    query.fixtureId,
    query.bettingType,
    query.selection,
    opts.source,
    new Date(query.kickoff.getTime() - 1),
    opts.maxAgeMs,
  );
}
