import {
  type PublishTipResponse,
  type RecordPage,
  type Tip,
  type TipsterProfile,
  TipsterProfileSchema,
  type TipsterTipPage,
} from '@tips/contract';
import { describeFailure, verifyRecord } from '@tips/contract/record-verify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, signedIn, signedInTipster, tokenFor } from '../../../../test/backoffice.test-support';
import { offerPrice } from '../../../../test/market-prices.test-support';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { entitlements } from '../../../db/schema';
import {
  fixtureIdOf,
  type LeagueMatch,
  silentLog,
  writeLeague,
} from '../../market-prices/market-prices.test-support';
import { createMarketPricesWorker } from '../../market-prices/market-prices-worker';
import { asAttacker, exportOf } from '../../records/records.test-support';
import { setFixtureResult, settlementOf } from '../settlement/settlement.test-support';
import { createClosingPricesRepo } from './closing-prices.repo';
import { createClosingPrices } from './closing-prices.service';

/**
 * Closing prices end to end (issue #27 part 3): a crafted fixture imported a few minutes ahead gets
 * house prices; the tips published on it close at kick-off with the last price before kick-off and
 * their CLV, once whatever number of closers run; the record carries the closing and the verifier
 * recomputes the CLV; the tips then settle as before.
 */

const NOW = new Date('2025-03-10T14:50:00Z');
const KICKOFF = new Date('2025-03-10T15:00:00Z');
/** When the house book's Home price drops, after the tips were published and before kick-off. */
const DRIFT = new Date('2025-03-10T14:55:00Z');
const MINUTE = 60_000;
let t: TestApp;
let fixture: number;
let unpriced: number;
let tipster: Awaited<ReturnType<typeof signedInTipster>>;
let buyer: Awaited<ReturnType<typeof signedIn>>;
const published: Record<string, number> = {};

const teams = ['Close Arsenal', 'Close Chelsea', 'Close Fulham', 'Close Everton'];
const history: LeagueMatch[] = [];
let day = 1;
for (let h = 0; h < 4; h++)
  for (let a = 0; a < 4; a++) {
    if (h === a) continue;
    history.push({
      date: `2024-10-${String(day++).padStart(2, '0')}`,
      time: '15:00',
      home: teams[h],
      away: teams[a],
      ft: a > h ? [a - h, 0] : [0, h - a],
      ht: [0, 0],
    });
  }

const closerOf = () =>
  createClosingPrices({
    transaction: (work) => t.database.db.transaction(work),
    repo: createClosingPricesRepo(t.database.db),
    prices: t.services.marketPrices,
    clock: t.clock,
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The house book's 1X2 prices of the fixture at kick-off, read straight from the table. */
async function houseMarket(type: number, fixtureId = fixture): Promise<Map<string, number>> {
  const found = await rows<{ selection: string; odds_hundredths: number }>(sql`
    select distinct on (selection) selection, odds_hundredths from market_prices
    where fixture_id = ${fixtureId} and betting_type = ${type} and read_at <= ${KICKOFF.toISOString()}::timestamptz
    order by selection, read_at desc, id desc`);
  return new Map(found.map((r) => [r.selection, r.odds_hundredths]));
}

async function publish(fixtureId: number, bettingType: number, selection: string, odds: number) {
  const body = await callOk<PublishTipResponse>(
    t,
    'POST',
    '/api/tipster/tips',
    await tokenFor(t, tipster.user),
    { fixtureId, bettingType, selection, odds, price: 5, reasoning: '' },
    201,
  );
  return body.data.id;
}

const historyTip = async (id: number): Promise<Tip> => {
  const page = await callOk<{ data: Tip[] }>(t, 'GET', '/api/tips/running', await tokenFor(t, buyer.user));
  const tip = page.data.find((x) => x.id === id);
  if (!tip) throw new Error(`tip ${id} not in the buyer's running tips`);
  return tip;
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await writeLeague(t, '2024-25/en.1.json', 'English Premier League 2024/25', [
    ...history,
    // Imported ten minutes before kick-off.
    { date: '2025-03-10', time: '15:00', home: 'Close Fulham', away: 'Close Chelsea', round: 'Matchday 30' },
    { date: '2025-03-10', time: '15:00', home: 'Close Arsenal', away: 'Close Everton', round: 'Matchday 30' },
  ]);
  fixture = await fixtureIdOf(t, 'Close Fulham', 'Close Chelsea');
  unpriced = await fixtureIdOf(t, 'Close Arsenal', 'Close Everton');
  const refresher = createMarketPricesWorker({
    config: t.config,
    database: t.database,
    clock: t.clock,
    log: silentLog,
  });
  await refresher.runOnce();
  await refresher.stop();
  tipster = await signedInTipster(t, { name: 'Clara Closer', category: 'SENIOR' });
  buyer = await signedIn(t, ['user']);
  // Published at the market's prices (decision 150): Home at the best price, Away 0.05 below it.
  const market = await houseMarket(3);
  const home = market.get('Home') as number;
  published.home = await publish(fixture, 3, 'Home', home / 100);
  const drawNoBet = await houseMarket(6);
  published.away = await publish(fixture, 6, 'Away', ((drawNoBet.get('Away') as number) - 5) / 100);
  published.over = await publish(
    fixture,
    2,
    'Over 2.5',
    ((await houseMarket(2)).get('Over 2.5') as number) / 100,
  );
  const unpricedHome = (await houseMarket(3, unpriced)).get('Home') as number;
  published.none = await publish(unpriced, 3, 'Home', unpricedHome / 100);
  // Then the market moves: Home shortens by 0.20, so the Home tip beats the close; and the second
  // match's prices are gone before kick-off, so its market has no closing price.
  await offerPrice(t.database.db, DRIFT, {
    fixtureId: fixture,
    bettingType: 3,
    selection: 'Home',
    odds: (home - 20) / 100,
  });
  await t.database.db.execute(sql`delete from market_prices where fixture_id = ${unpriced}`);
  // The buyer bought them all and follows them in the running tips.
  await t.database.db
    .insert(entitlements)
    .values(
      Object.values(published).map((tipId) => ({ userId: buyer.user.id, tipId, source: 'admin' as const })),
    );
});

afterAll(() => t.close());

describe('closing prices at kick-off', () => {
  it('gets house prices for a fixture imported ten minutes ahead', async () => {
    const market = await houseMarket(3);
    expect([...market.keys()].sort()).toEqual(['Away', 'Draw', 'Home']);
    expect(await rows(sql`select 1 from market_prices where fixture_id = ${unpriced}`)).toEqual([]);
  });

  it('shows no closing odds and no CLV before kick-off', async () => {
    t.clock.set(new Date(KICKOFF.getTime() - MINUTE));
    expect(await closerOf().closeDue()).toEqual({ closed: 0, noPrice: 0 });
    const page = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips', tipster.token);
    const mine = page.data.find((x) => x.id === published.home);
    expect(mine).toMatchObject({ closingOdds: null, clv: null, noClosingPrice: false });
    expect(await historyTip(published.home)).toMatchObject({ closingOdds: null, clv: null });
  });

  it('closes every tip once, with two closers at work at the same moment', async () => {
    t.clock.set(new Date(KICKOFF.getTime() + 20_000));
    const [a, b] = await Promise.all([closerOf().closeDue(), closerOf().closeDue()]);
    expect(a.closed + b.closed).toBe(3);
    expect(a.noPrice + b.noPrice).toBe(1);
    // Nothing left: a third pass closes nothing.
    expect(await closerOf().closeDue()).toEqual({ closed: 0, noPrice: 0 });
    const events = await rows<{ tip_id: number; n: number }>(sql`
      select tip_id, count(*)::int as n from record_events where kind = 'closed' and tipster_id = ${tipster.tipster.id}
      group by tip_id order by tip_id`);
    expect(events).toEqual(Object.values(published).map((id) => ({ tip_id: id, n: 1 })));
  });

  it('gives each tip the last price before kick-off and its CLV against the fair close', async () => {
    const market = await houseMarket(3);
    const overround = [...market.values()].reduce((sum, odds) => sum + 100 / odds, 0);
    const home = market.get('Home') as number;
    const drawNoBet = await houseMarket(6);
    const away = drawNoBet.get('Away') as number;
    const overroundHt = [...drawNoBet.values()].reduce((sum, odds) => sum + 100 / odds, 0);
    // Taken 0.20 above the close: CLV = taken ÷ (close × overround) − 1.
    const homeTip = await historyTip(published.home);
    expect(homeTip.closingOdds).toEqual({ odds: home / 100, at: DRIFT.toISOString() });
    expect(homeTip.clv as number).toBeCloseTo((home + 20) / (home * overround) - 1, 5);
    // Taken below the close: it did not beat it (5 % margin and 0.05 less).
    const awayTip = await historyTip(published.away);
    expect(awayTip.clv as number).toBeCloseTo((away - 5) / (away * overroundHt) - 1, 5);
    expect(awayTip.clv as number).toBeLessThan(0);
    expect(overround).toBeGreaterThan(1.04);
    expect(overroundHt).toBeGreaterThan(1.04);
  });

  it("says a tip's market had no closing price", async () => {
    const tip = await historyTip(published.none);
    expect(tip).toMatchObject({ closingOdds: null, clv: null, noClosingPrice: true });
  });

  it('refuses to change a closing price once recorded', async () => {
    await expect(
      t.database.db.execute(sql`update tips set closing_odds_hundredths = 500 where id = ${published.home}`),
    ).rejects.toThrow();
  });

  it("puts the CLV figures on the tipster's profile", async () => {
    const response = await call(t, 'GET', `/api/tipsters/profile/${tipster.tipster.id}`);
    const profile = response.json() as TipsterProfile;
    expect(TipsterProfileSchema.parse(profile).clv).toEqual(profile.clv);
    const clvs = await Promise.all([published.home, published.away, published.over].map(historyTip));
    const values = clvs.map((tip) => tip.clv as number);
    expect(profile.clv.sample).toBe(3);
    expect(profile.clv.average as number).toBeCloseTo(values.reduce((s, v) => s + v, 0) / 3, 5);
    expect(profile.clv.beatCloseRate).toBeCloseTo(values.filter((v) => v > 0).length / 3, 4);
  });

  it('verifies the record with its closing prices, and fails once a closing price is edited', async () => {
    const honest = await exportOf(t, tipster.tipster.id);
    const result = await verifyRecord(honest);
    expect(result).toMatchObject({ ok: true, closed: { sample: 3 } });
    const closed = honest.events.filter((e) => e.kind === 'closed');
    expect(closed).toHaveLength(4);
    expect(closed.find((e) => e.tipId === published.none)).toMatchObject({
      closingOddsHundredths: null,
      clvPpm: null,
    });
    // An edited export: a better closing price claimed for the home tip.
    const edited = structuredClone(honest);
    const event = edited.events.find((e) => e.kind === 'closed' && e.tipId === published.home);
    if (!event) throw new Error('no closed event');
    event.closingOddsHundredths = (event.closingOddsHundredths as number) + 30;
    const failed = await verifyRecord(edited);
    expect(failed).toMatchObject({ ok: false, code: 'contents', tipId: published.home });
    // The database edited behind the triggers' back: the export shows it and the chain names it.
    await asAttacker(t.database, async (exec) => {
      await exec(
        sql`update tips set closing_odds_hundredths = closing_odds_hundredths + 30 where id = ${published.home}`,
      );
    });
    const tampered = await verifyRecord(await exportOf(t, tipster.tipster.id));
    expect(tampered.ok).toBe(false);
    if (tampered.ok) return;
    expect(describeFailure(tampered)).toContain(`tip ${published.home}`);
    await asAttacker(t.database, async (exec) => {
      await exec(
        sql`update tips set closing_odds_hundredths = closing_odds_hundredths - 30 where id = ${published.home}`,
      );
    });
    expect((await verifyRecord(await exportOf(t, tipster.tipster.id))).ok).toBe(true);
  });

  it('settles the closed tips as before, and the records keep closing odds and CLV', async () => {
    t.clock.set(new Date(KICKOFF.getTime() + 2 * 3_600_000));
    await setFixtureResult(t.database.db, fixture, { status: 'finished', ft: [2, 1], ht: [1, 0] });
    await setFixtureResult(t.database.db, unpriced, { status: 'finished', ft: [0, 0], ht: [0, 0] });
    const report = await settlementOf(t).fixtures.settleFixtures([fixture, unpriced]);
    expect(report.settled.map((s) => [s.tipId, s.outcome]).sort()).toEqual(
      [
        [published.home, 'WIN'],
        [published.away, 'LOSS'],
        [published.over, 'WIN'],
        [published.none, 'LOSS'],
      ].sort(),
    );
    // Closed already: settlement adds no second closing.
    expect(report.hooks.closingPrices).toBeUndefined();
    const response = await call(t, 'GET', `/api/tipsters/records/${tipster.tipster.id}`);
    const records = response.json() as RecordPage;
    const home = records.data.find((r) => r.id === published.home);
    expect(home?.closingOdds?.odds).toBeGreaterThan(1);
    expect(home?.clv).toBeGreaterThan(0);
    expect(records.data.find((r) => r.id === published.none)).toMatchObject({
      closingOdds: null,
      noClosingPrice: true,
    });
    expect((await verifyRecord(await exportOf(t, tipster.tipster.id))).ok).toBe(true);
  });

  it('closes a tip settled before the worker reached it, in the settlement', async () => {
    const other = await fixtureIdOf(t, 'Close Arsenal', 'Close Everton');
    expect(other).toBe(unpriced);
    // A match that kicked off a minute ago and already has its result (the worker has not run).
    await writeLeague(t, '2024-25/en.1.json', 'English Premier League 2024/25', [
      {
        date: '2025-03-10',
        time: '16:59',
        home: 'Close Chelsea',
        away: 'Close Everton',
        round: 'Matchday 31',
      },
    ]);
    const late = await fixtureIdOf(t, 'Close Chelsea', 'Close Everton');
    t.clock.set(new Date('2025-03-10T16:50:00Z'));
    await offerPrice(t.database.db, t.clock.now(), {
      fixtureId: late,
      bettingType: 3,
      selection: 'Draw',
      odds: 3.4,
    });
    const tipId = await publish(late, 3, 'Draw', 3.4);
    // Its price is withdrawn before kick-off: the market closes without a price.
    await t.database.db.execute(sql`delete from market_prices where fixture_id = ${late}`);
    t.clock.set(new Date('2025-03-10T17:00:00Z'));
    await setFixtureResult(t.database.db, late, { status: 'finished', ft: [1, 1], ht: [0, 0] });
    const report = await settlementOf(t).fixtures.settleFixtures([late]);
    expect(report.hooks.closingPrices).toEqual({ noPrice: 1 });
    const [tip] = await rows<{ closing_status: string; result: string }>(
      sql`select closing_status, result from tips where id = ${tipId}`,
    );
    expect(tip).toEqual({ closing_status: 'no_price', result: 'WIN' });
    expect((await verifyRecord(await exportOf(t, tipster.tipster.id))).ok).toBe(true);
  });
});
