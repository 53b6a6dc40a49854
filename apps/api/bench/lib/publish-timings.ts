import type { PublishTipBody } from '@tips/contract';
import type { Db } from '../../src/db/client';
import { alertFollowersOfTip } from '../../src/features/alerts/tip-alerts';
import { createMarketPriceReader } from '../../src/features/market-prices/market-price-reader';
import { findTipsterById } from '../../src/features/tips/publishing.repo';
import { publishOnFixture } from '../../src/features/tips/publishing.service';
import { systemClock } from '../../src/lib/clock';
import { type Timing, timeRuns, WARM_RUNS } from './sql-timings';
import type { BenchHandle } from './targets';

/**
 * Publishing a tip as the portal does (issue #27: "the price snapshot is one more read; say what it
 * costs"): upcoming fixtures of their own, each priced by three bookmakers with a history of reads
 * as the house book's refresh leaves it, and one seeded tipster publishing on each in turn through
 * `publishOnFixture` (the fixture, the best current price with its bookmaker's market, the one-pick
 * check, the insert with its record-chain triggers, the followers' alert, the audit row). The price
 * read is timed on its own too.
 */

const BOOKMAKERS = ['Bench Book A', 'Bench Book B', 'Bench Book C'];
/** Earlier reads of each price: a refresh writes a row whenever a bookmaker's price moves. */
const READS_PER_PRICE = 12;

/** Inserts `count` fixtures kicking off tomorrow and their 1X2 prices; returns their ids. */
async function seedPricedFixtures(handle: BenchHandle, count: number): Promise<number[]> {
  await handle.exec(`
    insert into competitions (code, name, country, time_zone, tier)
    values ('bench.1', 'Bench League', 'xx', 'UTC', 1) on conflict (code) do nothing;
    insert into seasons (competition_id, name)
    select id, '2026-27' from competitions where code = 'bench.1' on conflict do nothing;
    insert into teams (name)
    select 'Bench FC ' || i from generate_series(1, ${2 * count}) i on conflict (name) do nothing;`);
  const fixtures = await handle.query(`
    insert into fixtures (competition_id, season_id, home_team_id, away_team_id, kickoff_at, status, source, source_id)
    select c.id, s.id, h.id, a.id, now() + interval '1 day' + i * interval '1 minute', 'scheduled', 'bench', 'bench-' || i
    from generate_series(1, ${count}) i
    join competitions c on c.code = 'bench.1'
    join seasons s on s.competition_id = c.id
    join teams h on h.name = 'Bench FC ' || (2 * i - 1)
    join teams a on a.name = 'Bench FC ' || (2 * i)
    on conflict (source, source_id) do update set kickoff_at = excluded.kickoff_at
    returning id`);
  const ids = fixtures.map((row) => Number(row.id));
  // Older reads an hour apart up to the current one, read and checked a minute ago.
  await handle.exec(`
    insert into market_prices (fixture_id, betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at)
    select f.id, 1, sel.name, b.name, sel.base + b.n * 5 + r.k,
      'house-book', now() - interval '1 minute' - r.k * interval '1 hour', now() - interval '1 minute' - r.k * interval '1 hour'
    from unnest(array[${ids.join(',')}]::int[]) as f(id)
    cross join (values ('Home', 210), ('Draw', 330), ('Away', 340)) as sel(name, base)
    cross join unnest(array[${BOOKMAKERS.map((b) => `'${b}'`).join(',')}]) with ordinality as b(name, n)
    cross join generate_series(0, ${READS_PER_PRICE - 1}) as r(k);
    analyze market_prices;`);
  return ids;
}

export async function timePublishing(handle: BenchHandle, runs: number): Promise<Timing[]> {
  const db = handle.database.db as Db;
  const fixtureIds = await seedPricedFixtures(handle, runs + WARM_RUNS);
  const [seeded] = await handle.query(
    `select min(id)::int as id from tipsters where name like 'Bench tipster %'`,
  );
  const tipster = await findTipsterById(db, Number(seeded.id));
  if (!tipster) throw new Error('bench: no seeded tipster to publish as');
  const prices = createMarketPriceReader({ db, source: 'house-book', maxAgeMs: 120 * 60_000 });
  const deps = {
    db,
    clock: systemClock,
    onCatalogueChanged: async () => {},
    deliverAiTip: async () => {},
    alertFollowers: alertFollowersOfTip,
    marketPrices: prices,
  };
  const body = (fixtureId: number): PublishTipBody => ({
    fixtureId,
    bettingType: 1,
    selection: 'Home',
    odds: 2.1,
    stake: 1,
    price: 0,
    reasoning: '',
  });
  const read = await timeRuns(runs, (i) => prices.bestCurrentPrice(fixtureIds[i], 1, 'Draw', new Date()));
  const publish = await timeRuns(runs, (i) =>
    publishOnFixture(deps, tipster, body(fixtureIds[i]), { actorUserId: null }),
  );
  return [
    {
      name: 'publishing a tip (publishOnFixture: fixture, price snapshot, insert, alerts, audit)',
      ...publish,
      runs,
    },
    { name: 'price snapshot read (bestCurrentPrice: best price and its market)', ...read, runs },
  ];
}
