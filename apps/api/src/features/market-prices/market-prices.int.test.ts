import { FixtureOddsResponseSchema } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { HOUSE_BOOK_NAME } from './house-book/house-book';
import { bestCurrentPrice, lastPriceBefore } from './market-prices.repo';
import {
  fixtureIdOf,
  type LeagueMatch,
  priceRows,
  silentLog,
  writeLeague,
} from './market-prices.test-support';
import { createMarketPricesWorker, HOUSE_BOOK_MIN_POLL_MS } from './market-prices-worker';
import type { PriceRefresher } from './price-refresher';

/**
 * The house book end to end (issue #27): the refresher prices upcoming fixtures from the ratings of
 * finished ones, GET /api/fixtures/{id}/odds shows the best current prices in the tips' spelling,
 * and the reads the closing price will use find the price standing at a moment.
 */

const NOW = new Date('2025-03-10T12:00:00Z');
const MINUTE = 60_000;
let t: TestApp;
let refresher: PriceRefresher;
let upcoming: number;
let later: number;
const KICKOFF = new Date('2025-03-15T15:00:00Z');

// Four teams; Odds Arsenal wins everything, Odds Everton loses everything.
const results: LeagueMatch[] = [];
const teams = ['Odds Arsenal', 'Odds Chelsea', 'Odds Fulham', 'Odds Everton'];
let dayOfMonth = 1;
for (let round = 0; round < 3; round++)
  for (let h = 0; h < 4; h++)
    for (let a = 0; a < 4; a++) {
      if (h === a) continue;
      const margin = a - h;
      results.push({
        date: `2024-${String(9 + Math.floor(dayOfMonth / 28)).padStart(2, '0')}-${String((dayOfMonth % 28) + 1).padStart(2, '0')}`,
        time: '15:00',
        home: teams[h],
        away: teams[a],
        ft: margin > 0 ? [margin, 0] : margin < 0 ? [0, -margin] : [1, 1],
        ht: margin > 0 ? [1, 0] : [0, 0],
      });
      dayOfMonth++;
    }

type OddsBody = ReturnType<typeof FixtureOddsResponseSchema.parse>;
async function odds(id: number | string): Promise<OddsBody> {
  const response = await call(t, 'GET', `/api/fixtures/${id}/odds`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OddsBody;
}
const priceIn = (body: OddsBody, type: number, selection: string) =>
  body.data.markets.find((m) => m.bettingType === type && m.selection === selection)?.odds;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await writeLeague(t, '2024-25/en.1.json', 'English Premier League 2024/25', [
    ...results,
    { date: '2025-03-15', time: '15:00', home: 'Odds Fulham', away: 'Odds Chelsea' },
    { date: '2025-03-16', time: '14:00', home: 'Odds Arsenal', away: 'Odds Everton' },
    // Beyond the 7 days priced.
    { date: '2025-03-29', time: '15:00', home: 'Odds Chelsea', away: 'Odds Arsenal' },
  ]);
  upcoming = await fixtureIdOf(t, 'Odds Fulham', 'Odds Chelsea');
  later = await fixtureIdOf(t, 'Odds Chelsea', 'Odds Arsenal');
  refresher = createMarketPricesWorker({
    config: t.config,
    database: t.database,
    clock: t.clock,
    log: silentLog,
  });
});
afterAll(async () => {
  await refresher.stop();
  await t.close();
});

describe('GET /api/fixtures/{id}/odds on the house book', () => {
  it('is empty before any refresh, in the exact shape', async () => {
    const body = await odds(upcoming);
    expect(body).toEqual({
      data: { fixtureId: upcoming, source: 'house-book', updatedAt: null, markets: [] },
    });
  });

  it('shows the house prices of every market after a refresh, under its demo name', async () => {
    const report = await refresher.runOnce();
    expect(report).toMatchObject({ batches: 2, polled: 2, failed: 0 });
    const body = await odds(upcoming);
    expect(FixtureOddsResponseSchema.parse(body)).toEqual(body);
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['fixtureId', 'source', 'updatedAt', 'markets']);
    expect(body.data).toMatchObject({
      fixtureId: upcoming,
      source: 'house-book',
      updatedAt: NOW.toISOString(),
    });
    for (const market of body.data.markets) {
      expect(Object.keys(market)).toEqual(['bettingType', 'selection', 'odds', 'bookmaker', 'updatedAt']);
      expect(market.bookmaker).toBe(HOUSE_BOOK_NAME);
      expect(market.updatedAt).toBe(NOW.toISOString());
    }
    expect(new Set(body.data.markets.map((m) => m.bettingType))).toEqual(
      new Set([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113]),
    );
    // The tips' canonical spellings.
    for (const selection of ['Home -0.25', 'Away +0.25', 'Over 2.75', 'Under 3', 'Draw', '2-1', 'Even'])
      expect(body.data.markets.map((m) => m.selection)).toContain(selection);
    // Not priced: a fixture beyond the days ahead.
    expect((await odds(later)).data.markets).toEqual([]);
  });

  it('carries a margin above zero on complete markets (1X2, Over/Under pairs)', async () => {
    const body = await odds(upcoming);
    const overround = (type: number, selections: string[]) =>
      selections.reduce((sum, s) => sum + 1 / (priceIn(body, type, s) as number), 0);
    for (const [type, selections] of [
      [3, ['Home', 'Draw', 'Away']],
      [6, ['Home', 'Draw', 'Away']],
      [2, ['Over 2.5', 'Under 2.5']],
      [2, ['Over 1.75', 'Under 1.75']],
      [8, ['Over 1', 'Under 1']],
    ] as const) {
      const sum = overround(type, [...selections]);
      expect(sum).toBeGreaterThan(1.045);
      expect(sum).toBeLessThan(1.06);
    }
    // The better side (Chelsea, away) is the favourite.
    expect(priceIn(body, 3, 'Away') as number).toBeLessThan(priceIn(body, 3, 'Home') as number);
  });

  it('re-prices a batch at most every 5 minutes', async () => {
    t.clock.advance(HOUSE_BOOK_MIN_POLL_MS - MINUTE);
    expect(await refresher.runOnce()).toMatchObject({ batches: 2, polled: 0 });
  });

  it('reads an unchanged price again without appending a row', async () => {
    const before = await priceRows(t, upcoming);
    t.clock.advance(HOUSE_BOOK_MIN_POLL_MS);
    await refresher.runOnce();
    const after = await priceRows(t, upcoming);
    expect(after).toHaveLength(before.length);
    expect((await odds(upcoming)).data.updatedAt).toBe(t.clock.now().toISOString());
  });

  it('moves after a new result changes the ratings, keeping the old price as history', async () => {
    const before = await odds(upcoming);
    const pricedAt = t.clock.now();
    // Fulham thrash Chelsea: Fulham's rating rises, Chelsea's falls.
    await writeLeague(t, '2024-25/en.1.json', 'English Premier League 2024/25', [
      {
        round: 'Matchday 27',
        date: '2025-03-09',
        time: '15:00',
        home: 'Odds Fulham',
        away: 'Odds Chelsea',
        ft: [5, 0],
        ht: [3, 0],
      },
    ]);
    t.clock.advance(HOUSE_BOOK_MIN_POLL_MS);
    await refresher.runOnce();
    const after = await odds(upcoming);
    const ratio = (body: OddsBody) =>
      (priceIn(body, 3, 'Home') as number) / (priceIn(body, 3, 'Away') as number);
    expect(priceIn(after, 3, 'Home') as number).toBeLessThan(priceIn(before, 3, 'Home') as number);
    expect(priceIn(after, 3, 'Away') as number).toBeGreaterThan(priceIn(before, 3, 'Away') as number);
    expect(ratio(after)).toBeLessThan(ratio(before) * 0.9);

    const opts = { source: 'house-book' as const, maxAgeMs: t.config.marketPrices.maxAgeMinutes * MINUTE };
    const query = { fixtureId: upcoming, bettingType: 3, selection: 'Home' };
    const earlier = await bestCurrentPrice(t.database.db, { ...query, at: pricedAt }, opts);
    const now = await bestCurrentPrice(t.database.db, { ...query, at: t.clock.now() }, opts);
    expect(earlier?.oddsHundredths).toBe(Math.round((priceIn(before, 3, 'Home') as number) * 100));
    expect(now?.oddsHundredths).toBe(Math.round((priceIn(after, 3, 'Home') as number) * 100));
    // With the bookmaker's whole market for that bet, to remove its margin later.
    expect(now?.market.map((m) => m.selection)).toEqual(['Away', 'Draw', 'Home']);
    expect(now).toMatchObject({ bookmaker: HOUSE_BOOK_NAME, source: 'house-book', fixtureId: upcoming });
    // The same read through AppServices, the configured source and maximum age bound in.
    expect(await t.services.marketPrices.bestCurrentPrice(upcoming, 3, 'Home', pricedAt)).toEqual(earlier);
    expect(await t.services.marketPrices.bestCurrentPrice(upcoming, 3, 'Home', t.clock.now())).toEqual(now);
  });

  it('does not call a price current once it is older than the maximum age', async () => {
    expect((await odds(upcoming)).data.markets.length).toBeGreaterThan(0);
    t.clock.advance((t.config.marketPrices.maxAgeMinutes - 1) * MINUTE);
    expect((await odds(upcoming)).data.markets.length).toBeGreaterThan(0);
    t.clock.advance(2 * MINUTE);
    expect((await odds(upcoming)).data).toMatchObject({ updatedAt: null, markets: [] });
  });

  it('finds the last price before kick-off, and nothing once no price was current then', async () => {
    const opts = { source: 'house-book' as const, maxAgeMs: t.config.marketPrices.maxAgeMinutes * MINUTE };
    const query = { fixtureId: upcoming, bettingType: 2, selection: 'Over 2.5' };
    // Refreshed an hour before kick-off: that read is the closing price.
    t.clock.set(new Date(KICKOFF.getTime() - 60 * MINUTE));
    await refresher.runOnce();
    const current = await bestCurrentPrice(t.database.db, { ...query, at: t.clock.now() }, opts);
    expect(current).not.toBeNull();
    const closing = await lastPriceBefore(t.database.db, { ...query, kickoff: KICKOFF }, opts);
    expect(closing?.oddsHundredths).toBe(current?.oddsHundredths);
    expect(closing?.checkedAt.toISOString()).toBe(t.clock.now().toISOString());
    expect(closing?.market.map((m) => m.selection)).toEqual(['Over 2.5', 'Under 2.5']);
    const handicap = await lastPriceBefore(
      t.database.db,
      { fixtureId: upcoming, bettingType: 1, selection: 'Away +0.25', kickoff: KICKOFF },
      opts,
    );
    expect(handicap?.market.map((m) => m.selection)).toEqual(['Away +0.25', 'Home -0.25']);
    // A kick-off later than the maximum age after the last read has no closing price.
    const stale = new Date(t.clock.now().getTime() + (t.config.marketPrices.maxAgeMinutes + 1) * MINUTE);
    expect(await lastPriceBefore(t.database.db, { ...query, kickoff: stale }, opts)).toBeNull();
  });

  it('shows nothing once the match has kicked off', async () => {
    t.clock.set(new Date(KICKOFF.getTime() - 10 * MINUTE));
    await refresher.runOnce();
    expect((await odds(upcoming)).data.markets.length).toBeGreaterThan(0);
    t.clock.set(KICKOFF);
    expect((await odds(upcoming)).data).toEqual({
      fixtureId: upcoming,
      source: 'house-book',
      updatedAt: null,
      markets: [],
    });
  });

  it('deletes the prices of fixtures that kicked off longer ago than the history kept', async () => {
    expect((await priceRows(t, upcoming)).length).toBeGreaterThan(0);
    t.clock.set(new Date(KICKOFF.getTime() + (t.config.marketPrices.historyDays + 1) * 86_400_000));
    const report = await refresher.runOnce();
    expect(report.pruned).toBeGreaterThan(0);
    expect(await priceRows(t, upcoming)).toEqual([]);
    const polls = (await t.database.db.execute(
      'select count(*)::int as n from market_price_polls',
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(polls.rows[0].n).toBe(0);
  });

  it('answers 404 for an unknown fixture and 400 for a bad id', async () => {
    const missing = await call(t, 'GET', '/api/fixtures/2147483000/odds');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['This match does not exist.']);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await call(t, 'GET', `/api/fixtures/${bad}/odds`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});
