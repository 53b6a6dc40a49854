import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { testDatabaseKind } from '../../../../test/test-db';
import type { Database } from '../../../db/client';
import { fixtures } from '../../../db/schema';
import { injectFetch } from '../../commerce/commerce.test-support';
import { createFixtureWriter } from '../fixtures.service';
import { SANDBOX_FOOTBALL_DATA_TOKEN } from '../football-data-sandbox/football-data-emulator';
import { createFootballDataRestClient } from './football-data-rest.client';
import { v4Match } from './football-data-test-match';
import { createFootballFeedPoller } from './football-feed-poller';
import { createPollLock } from './poll-lock.repo';

/**
 * Two processes polling football-data.org at once (here: the local emulator): one fixture per
 * match and one onResults effect per result. On PostgreSQL the second poller has its own Database
 * handle, so only the advisory lock and the writer's conditional update keep the effects single.
 */

let t: TestApp;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-24T17:00:00Z');
});
afterAll(() => t.close());

async function script(id: number, match: object) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/sandbox/football-data/matches/${id}`,
    payload: match,
  });
  expect(response.statusCode, response.body).toBe(204);
}

function poller(database: Database, results: number[]) {
  return createFootballFeedPoller({
    feed: createFootballDataRestClient({
      apiBase: 'http://football-data.emulator.test/api/sandbox/football-data/v4',
      token: SANDBOX_FOOTBALL_DATA_TOKEN,
      fetch: injectFetch(() => t.app),
      now: () => t.clock.now().getTime(),
      sleep: async (ms) => t.clock.advance(ms),
    }),
    writeFixtures: createFixtureWriter({ db: database.db, clock: t.clock }),
    onResults: (ids) => {
      results.push(...ids);
    },
    lock: createPollLock(database),
    clock: t.clock,
    log: silent,
    competitions: ['PL', 'BL1'],
    pollSeconds: 300,
    livePollSeconds: 60,
  });
}

describe('football-data.org poller, two processes', () => {
  it('writes each match once and hands each result to onResults once', async () => {
    await script(201, v4Match({ id: 201, utcDate: '2026-11-24T15:00:00Z', status: 'IN_PLAY' }));
    await script(
      202,
      v4Match({ id: 202, utcDate: '2026-11-25T19:45:00Z', home: 'Liverpool FC', away: 'Everton FC' }),
    );
    await script(
      203,
      v4Match({
        id: 203,
        competition: 'BL1',
        utcDate: '2026-11-24T14:30:00Z',
        home: 'FC Bayern München',
        away: 'Borussia Dortmund',
      }),
    );
    const results: number[] = [];
    const other = testDatabaseKind() === 'postgres' ? { ...t.database } : t.database;
    const [a, b] = [poller(t.database, results), poller(other, results)];

    await Promise.all([a.runOnce(), b.runOnce()]);
    const rows = () =>
      t.database.db
        .select({
          id: fixtures.id,
          sourceId: fixtures.sourceId,
          status: fixtures.status,
          ftHome: fixtures.ftHome,
        })
        .from(fixtures)
        .where(eq(fixtures.source, 'football-data'))
        .orderBy(fixtures.sourceId);
    expect((await rows()).map((r) => [r.sourceId, r.status])).toEqual([
      ['201', 'live'],
      ['202', 'scheduled'],
      ['203', 'scheduled'],
    ]);

    await script(
      201,
      v4Match({
        id: 201,
        utcDate: '2026-11-24T15:00:00Z',
        status: 'FINISHED',
        fullTime: [2, 1],
        halfTime: [1, 0],
      }),
    );
    await script(
      203,
      v4Match({
        id: 203,
        competition: 'BL1',
        utcDate: '2026-11-24T14:30:00Z',
        home: 'FC Bayern München',
        away: 'Borussia Dortmund',
        status: 'FINISHED',
        fullTime: [0, 0],
        halfTime: [0, 0],
      }),
    );
    // A live competition is polled again a minute later; BL1 (nothing in play) only after 5 minutes.
    for (let minute = 0; minute < 6; minute++) {
      t.clock.advance(60_000);
      await Promise.all([a.runOnce(), b.runOnce()]);
    }
    const after = await rows();
    const id = (sourceId: string) => after.find((r) => r.sourceId === sourceId)?.id;
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.sourceId === '201')).toMatchObject({ status: 'finished', ftHome: 2 });
    expect([...results].sort()).toEqual([id('201'), id('203')].sort());

    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fixtures)
      .where(sql`${fixtures.source} = 'football-data' and ${fixtures.resultAt} is not null`);
    expect(n).toBe(2);
  });
});
