import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { fixtures } from '../../../db/schema';
import { createTestClock } from '../../../lib/clock';
import type { FeedFixture } from '../feed-fixture';
import { createFixturesService, createFixtureWriter } from '../fixtures.service';
import { loadBundledFixtures } from './bundled-fixtures';
import { createFootballReplay } from './football-replay';
import { MATCH_DURATION_MS } from './replay-shift';
import { createReplayTicker } from './replay-ticker';

/**
 * The test: on the bundled data, a replayed result is invisible (database and the
 * fixtures API service) before its shifted kick-off plus the match's duration, and visible after.
 */

let t: TestApp;
let database: Database;
let bundled: FeedFixture[];
const clock = createTestClock('2026-11-24T12:00:00Z'); // a Tuesday: Champions League matchday 5 in 2024
const silent = { info() {}, error() {} };

beforeAll(async () => {
  [t, bundled] = await Promise.all([createTestApp({ clock }), loadBundledFixtures()]);
  database = t.database;
});
afterAll(() => t.close());

/** GET /api/fixtures/{id}: what every reader of the site sees. */
async function fromApi(id: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/fixtures/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function replayAndTicker(results: number[]) {
  const replay = createFootballReplay({
    loadFixtures: async () => bundled,
    writeFixtures: createFixtureWriter({ db: database.db, clock }),
    clock,
  });
  const ticker = createReplayTicker({
    replay,
    clock,
    log: silent,
    onResults: (ids) => {
      results.push(...ids);
    },
  });
  return { replay, ticker };
}

/** Replay rows showing anything of a result before it is due: must always be none. */
async function earlyResults(now: Date): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(fixtures)
    .where(
      sql`${fixtures.source} = 'replay' and (${fixtures.ftHome} is not null or ${fixtures.status} <> 'scheduled')
        and case when ${fixtures.status} in ('postponed', 'cancelled') then ${fixtures.kickoffAt}
                 else ${fixtures.kickoffAt} + make_interval(mins => 115) end > ${now.toISOString()}::timestamptz`,
    );
  return row.n;
}

describe('football replay on the bundled data', () => {
  const results: number[] = [];
  let ticker: ReturnType<typeof replayAndTicker>['ticker'];
  beforeAll(() => {
    ticker = replayAndTicker(results).ticker;
  });
  const service = () => createFixturesService({ db: database.db, clock });

  it('writes today’s real matchday two years on, and no result before it is due', async () => {
    const report = await ticker.runOnce();
    expect(report.plan.weeks).toBe(104);
    expect(report.plan.realNow.toISOString()).toBe('2024-11-26T12:00:00.000Z');
    expect(report.added).toBeGreaterThan(300);
    const today = await database.db
      .select({ sourceId: fixtures.sourceId })
      .from(fixtures)
      .where(
        and(
          eq(fixtures.source, 'replay'),
          sql`${fixtures.kickoffAt} >= '2026-11-24' and ${fixtures.kickoffAt} < '2026-11-25'`,
        ),
      );
    // Champions League, league phase matchday 5, Tuesday 26 November 2024.
    expect(today.length).toBeGreaterThanOrEqual(9);
    expect(today.every((f) => f.sourceId.startsWith('r104:'))).toBe(true);
    expect(await earlyResults(clock.now())).toBe(0);
    expect(results).toEqual([]);
  });

  it('shows a replayed result only from shifted kick-off + 115 minutes, once', async () => {
    const [target] = await database.db
      .select({ id: fixtures.id, sourceId: fixtures.sourceId, kickoffAt: fixtures.kickoffAt })
      .from(fixtures)
      .where(
        and(
          eq(fixtures.source, 'replay'),
          sql`${fixtures.kickoffAt} > ${clock.now().toISOString()}::timestamptz`,
        ),
      )
      .orderBy(fixtures.kickoffAt, fixtures.id)
      .limit(1);
    const original = bundled.find((f) => `r104:${f.sourceId}` === target.sourceId);
    expect(original?.fullTime).not.toBeNull();

    const before = await service().get(target.id);
    expect(before).toMatchObject({ status: 'scheduled', score: { halfTime: null, fullTime: null } });
    expect(await fromApi(target.id)).toMatchObject({ status: 'scheduled', score: { fullTime: null } });

    clock.set(new Date(target.kickoffAt.getTime() + MATCH_DURATION_MS - 1000));
    await ticker.runOnce();
    expect(await service().get(target.id)).toMatchObject({ status: 'scheduled', score: { fullTime: null } });
    expect(await fromApi(target.id)).toMatchObject({ status: 'scheduled', score: { fullTime: null } });
    const [hidden] = await database.db.select().from(fixtures).where(eq(fixtures.id, target.id));
    expect(hidden).toMatchObject({ ftHome: null, ftAway: null, htHome: null, resultAt: null });
    expect(results).not.toContain(target.id);
    expect(await earlyResults(clock.now())).toBe(0);

    clock.set(new Date(target.kickoffAt.getTime() + MATCH_DURATION_MS));
    await ticker.runOnce();
    const after = await service().get(target.id);
    const [home, away] = original?.fullTime ?? [];
    expect(after).toMatchObject({ status: original?.status, score: { fullTime: { home, away } } });
    expect(await fromApi(target.id)).toMatchObject({
      status: original?.status,
      score: { fullTime: { home, away } },
    });
    expect(results.filter((id) => id === target.id)).toHaveLength(1);

    await ticker.runOnce();
    expect(results.filter((id) => id === target.id)).toHaveLength(1);
    expect(await earlyResults(clock.now())).toBe(0);
  });

  it('after a restart writes nothing new and reports nothing twice', async () => {
    const again: number[] = [];
    const restarted = replayAndTicker(again);
    const report = await restarted.ticker.runOnce();
    expect(report).toMatchObject({ added: 0, updated: 0 });
    expect(again).toEqual([]);
  });

  it('imports the history before the window at real dates, never a replayed match twice', async () => {
    const { replay } = replayAndTicker([]);
    const plan = await replay.plan();
    const history = await replay.importHistory({ since: new Date('2024-07-01T00:00:00Z') });
    expect(history.count).toBeGreaterThan(1000);
    const [overlap] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fixtures)
      .where(
        sql`${fixtures.source} = 'openfootball' and ${fixtures.kickoffAt} >= ${plan.from.toISOString()}::timestamptz`,
      );
    expect(overlap.n).toBe(0);
  });
});
