import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { injectFetch } from '../../commerce/commerce.test-support';
import { SANDBOX_API_FOOTBALL_KEY } from '../api-football-sandbox/api-football-emulator';
import { fixtureIdOf, priceRows, silentLog, writeLeague } from '../market-prices.test-support';
import { createMarketPricesWorker, priceSourceFromConfig } from '../market-prices-worker';
import { createPriceRefresher } from '../price-refresher';
import { createApiFootballPriceSource } from './api-football-price-source';
import { createApiFootballRestClient } from './api-football-rest.client';

/**
 * The API-Football adapter against the local emulator (issue #27): the recorded responses' fixtures
 * and bookmakers are scripted into it, the refresher polls it by league and day through the real
 * REST client, and the prices land under our fixtures — at most one poll per league and day per
 * interval, whatever the number of runs or processes.
 */

const BASE = 'http://api-football.emulator.test/api/sandbox/api-football';
const NOW = new Date('2025-03-14T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let arsenal: number;
let united: number;

const recordedOdds = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'recorded', 'odds-39-2024-2025-03-15.json'), 'utf8'),
) as { response: Array<{ fixture: { id: number; date: string }; bookmakers: unknown[] }> };
const teamsOf: Record<number, [string, string]> = {
  1208291: ['Arsenal', 'Chelsea'],
  1208292: ['Manchester United', 'Everton'],
  1208293: ['Brentford', 'Fulham'],
};

async function script(method: 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api/sandbox/api-football${url}`, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}
async function calls(): Promise<string[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/sandbox/api-football/calls' })).json().calls;
}

function source(opts: { key?: string; sleeps?: number[]; minPollMs?: number } = {}) {
  return createApiFootballPriceSource({
    client: createApiFootballRestClient({
      apiBase: BASE,
      apiKey: opts.key ?? SANDBOX_API_FOOTBALL_KEY,
      fetch: injectFetch(() => t.app),
      sleep: async (ms) => {
        opts.sleeps?.push(ms);
        t.clock.advance(ms);
      },
    }),
    leagues: { 'en.1': 39 },
    minPollMs: opts.minPollMs ?? HOUR,
  });
}

function refresher(priceSource = source()) {
  return createPriceRefresher({
    database: t.database,
    clock: t.clock,
    source: priceSource,
    log: silentLog,
    daysAhead: 7,
    historyDays: 30,
    refreshMs: 60_000,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await writeLeague(t, '2024-25/en.1.json', 'English Premier League 2024/25', [
    { date: '2025-03-15', time: '15:00', home: 'Arsenal FC', away: 'Chelsea FC' },
    { date: '2025-03-15', time: '17:30', home: 'Manchester United FC', away: 'Everton FC' },
  ]);
  arsenal = await fixtureIdOf(t, 'Arsenal FC', 'Chelsea FC');
  united = await fixtureIdOf(t, 'Manchester United FC', 'Everton FC');
});
afterAll(() => t.close());
beforeEach(async () => {
  await script('DELETE', '/fixtures');
  await script('PUT', '/quota', { requestsPerMinute: 10 });
  await t.database.db.execute('delete from market_prices');
  await t.database.db.execute('delete from market_price_polls');
  t.clock.set(NOW);
  for (const entry of recordedOdds.response) {
    const [home, away] = teamsOf[entry.fixture.id];
    await script('PUT', `/fixtures/${entry.fixture.id}`, {
      league: 39,
      season: 2024,
      date: entry.fixture.date,
      home,
      away,
      bookmakers: entry.bookmakers,
    });
  }
});

describe('API-Football through the emulator', () => {
  it('is served only without a key', async () => {
    const withKey = await createTestApp({ env: { ODDS_API_KEY: 'real-key' }, database: t.database });
    try {
      const response = await withKey.app.inject({
        method: 'GET',
        url: '/api/sandbox/api-football/odds?league=39&season=2024&date=2025-03-15',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await withKey.close();
    }
  });

  it('stores the bookmakers prices of our fixtures, matched through aliases and kick-off', async () => {
    const report = await refresher().runOnce();
    expect(report).toMatchObject({ batches: 1, polled: 1, failed: 0, quotes: 60, appended: 60 });
    expect(await calls()).toEqual([
      '/fixtures?league=39&season=2024&date=2025-03-15',
      '/odds?league=39&season=2024&date=2025-03-15&page=1',
    ]);
    const rows = await priceRows(t, arsenal);
    expect(rows).toHaveLength(55);
    expect(rows.find((r) => r.betting_type === 1 && r.selection === 'Away +1.25')).toMatchObject({
      bookmaker: 'Marathonbet',
      odds_hundredths: 144,
      source: 'api-football',
    });
    expect(await priceRows(t, united)).toHaveLength(5);
  });

  it('serves the best price across bookmakers from GET /api/fixtures/{id}/odds, labelled api-football', async () => {
    const live = await createTestApp({
      env: { ODDS_API_KEY: SANDBOX_API_FOOTBALL_KEY, ODDS_API_URL: BASE, ODDS_API_LEAGUES: 'en.1:39' },
      database: t.database,
      clock: t.clock,
    });
    try {
      // The configured source, its REST client reaching the emulator of the keyless app.
      const worker = createMarketPricesWorker({
        config: live.config,
        database: live.database,
        clock: live.clock,
        log: silentLog,
        source: priceSourceFromConfig(
          live.config,
          live.database,
          injectFetch(() => t.app),
        ),
      });
      await worker.runOnce();
      const response = await call(live, 'GET', `/api/fixtures/${arsenal}/odds`);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        fixtureId: arsenal,
        source: 'api-football',
        updatedAt: NOW.toISOString(),
      });
      const price = (type: number, selection: string) =>
        data.markets.find(
          (m: { bettingType: number; selection: string }) =>
            m.bettingType === type && m.selection === selection,
        );
      // Bet365 4.75 < Marathonbet 4.95 for the away win; Bet365 1.75 > 1.73 for the home win.
      expect(price(3, 'Away')).toEqual({
        bettingType: 3,
        selection: 'Away',
        odds: 4.95,
        bookmaker: 'Marathonbet',
        updatedAt: NOW.toISOString(),
      });
      expect(price(3, 'Home')).toMatchObject({ odds: 1.75, bookmaker: 'Bet365' });
      expect(price(15, 'Even')).toMatchObject({ odds: 1.87, bookmaker: 'Bet365' });
      expect(price(14, 'Away +1')).toMatchObject({ odds: 2.06, bookmaker: 'Marathonbet' });
    } finally {
      await live.close();
    }
  });

  it('polls a league and day at most once per interval, across runs and processes', async () => {
    const one = refresher();
    const two = refresher();
    await Promise.all([one.runOnce(), two.runOnce()]);
    expect(await calls()).toHaveLength(2);
    t.clock.advance(HOUR - 60_000);
    await one.runOnce();
    await two.runOnce();
    expect(await calls()).toHaveLength(2);
    t.clock.advance(60_000);
    await two.runOnce();
    expect(await calls()).toHaveLength(4);
  });

  it('backs off when the emulator answers 429, then reads the prices', async () => {
    await script('PUT', '/quota', { requestsPerMinute: 1 });
    const sleeps: number[] = [];
    const report = await refresher(source({ sleeps })).runOnce();
    expect(report).toMatchObject({ polled: 1, failed: 0, appended: 60 });
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms >= 5000)).toBe(true);
    expect((await calls()).length).toBe(2 + sleeps.length);
  });

  it('stores nothing with a wrong key, reports the batch failed and retries it after one refresh period', async () => {
    const wrong = refresher(source({ key: 'wrong' }));
    expect(await wrong.runOnce()).toMatchObject({ polled: 1, failed: 1, appended: 0 });
    expect(await priceRows(t, arsenal)).toEqual([]);
    t.clock.advance(30_000);
    expect(await wrong.runOnce()).toMatchObject({ polled: 0 });
    t.clock.advance(30_000);
    expect(await refresher().runOnce()).toMatchObject({ polled: 1, failed: 0, appended: 60 });
  });
});
