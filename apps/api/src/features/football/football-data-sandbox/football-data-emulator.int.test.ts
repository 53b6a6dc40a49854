import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { injectFetch } from '../../commerce/commerce.test-support';
import { createFootballDataRestClient } from '../football-data/football-data-rest.client';
import { v4Match } from '../football-data/football-data-test-match';
import { FootballFeedError } from '../football-data/football-feed.port';
import { SANDBOX_FOOTBALL_DATA_TOKEN } from './football-data-emulator';

/** The REST adapter against the local emulator, in process: what tests of the live feed build on. */

const BASE = 'http://football-data.emulator.test/api/sandbox/football-data/v4';
const WINDOW = { dateFrom: '2026-11-21', dateTo: '2026-12-08' };
let t: TestApp;

function client(token = SANDBOX_FOOTBALL_DATA_TOKEN, sleeps: number[] = []) {
  return createFootballDataRestClient({
    apiBase: BASE,
    token,
    fetch: injectFetch(() => t.app),
    now: () => t.clock.now().getTime(),
    sleep: async (ms) => {
      sleeps.push(ms);
      t.clock.advance(ms);
    },
  });
}

async function script(method: 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api/sandbox/football-data${url}`, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T12:00:10Z');
});
afterAll(() => t.close());
beforeEach(async () => {
  await script('DELETE', '/matches');
  await script('PUT', '/quota', { requestsPerMinute: 10 });
});

describe('football-data.org emulator', () => {
  it('is served only without a token', async () => {
    expect(t.config.footballData.token).toBeUndefined();
    const withToken = await createTestApp({
      env: { FOOTBALL_DATA_TOKEN: 'real-token' },
      database: t.database,
    });
    try {
      const response = await withToken.app.inject({
        method: 'GET',
        url: '/api/sandbox/football-data/v4/competitions/PL/matches?dateFrom=2026-11-21&dateTo=2026-11-22',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await withToken.close();
    }
  });

  it('refuses a missing or wrong token as football-data.org does', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/football-data/v4/competitions/PL/matches?dateFrom=2026-11-21&dateTo=2026-11-22',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Your API token is invalid.', errorCode: 400 });
    const error = await client('wrong')
      .listMatches('PL', WINDOW)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FootballFeedError);
    expect((error as FootballFeedError).kind).toBe('unauthorized');
  });

  it('serves scripted matches in the window, and their later score and status', async () => {
    await script('PUT', '/matches/101', v4Match({ id: 101, utcDate: '2026-11-24T15:00:00Z' }));
    await script('PUT', '/matches/102', v4Match({ id: 102, utcDate: '2026-12-20T15:00:00Z' }));
    await script(
      'PUT',
      '/matches/103',
      v4Match({ id: 103, competition: 'BL1', utcDate: '2026-11-24T15:00:00Z' }),
    );
    const feed = client();
    expect((await feed.listMatches('PL', WINDOW)).map((f) => [f.sourceId, f.status])).toEqual([
      ['101', 'scheduled'],
    ]);
    await script(
      'PUT',
      '/matches/101',
      v4Match({
        id: 101,
        utcDate: '2026-11-24T15:00:00Z',
        status: 'FINISHED',
        fullTime: [2, 0],
        halfTime: [1, 0],
      }),
    );
    expect(await feed.listMatches('PL', WINDOW)).toMatchObject([
      { sourceId: '101', competitionCode: 'en.1', status: 'finished', fullTime: [2, 0], halfTime: [1, 0] },
    ]);
  });

  it('sends the quota headers, answers 429 past it, and the adapter waits for the reset', async () => {
    await script('PUT', '/quota', { requestsPerMinute: 2 });
    const raw = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/football-data/v4/competitions/PL/matches?dateFrom=2026-11-21&dateTo=2026-11-22',
      headers: { 'x-auth-token': SANDBOX_FOOTBALL_DATA_TOKEN },
    });
    expect(raw.headers['x-requests-available-minute']).toBe('1');
    expect(Number(raw.headers['x-requestcounter-reset'])).toBeGreaterThan(0);

    const sleeps: number[] = [];
    const feed = client(SANDBOX_FOOTBALL_DATA_TOKEN, sleeps);
    const before = t.clock.now().getTime();
    await feed.listMatches('PL', WINDOW); // the minute's last call: the adapter learns none are left
    await feed.listMatches('BL1', WINDOW); // waits for the reset instead of spending a 429
    expect(sleeps).toHaveLength(1);
    expect(t.clock.now().getTime() - before).toBeLessThanOrEqual(61_000);

    // A second client that does not know the quota gets a 429 and backs off until the reset.
    const other: number[] = [];
    await client(SANDBOX_FOOTBALL_DATA_TOKEN, other).listMatches('PL', WINDOW);
    await client(SANDBOX_FOOTBALL_DATA_TOKEN, other).listMatches('PL', WINDOW);
    const third = await client(SANDBOX_FOOTBALL_DATA_TOKEN, other).listMatches('PL', WINDOW);
    expect(third).toEqual([]);
    expect(other.length).toBeGreaterThanOrEqual(1);
    expect(other.every((ms) => ms >= 1000)).toBe(true);
  });
});
