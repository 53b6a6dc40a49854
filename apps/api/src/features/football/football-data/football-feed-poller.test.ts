import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestClock } from '../../../lib/clock';
import type { FeedFixture } from '../feed-fixture';
import { createFakeFixtureWriter } from '../test-support/fake-fixture-writer';
import type { FootballFeedPort } from './football-feed.port';
import { createFootballFeedPoller, isLiveWindow, nextPollAt, pollWindow } from './football-feed-poller';
import { createPollLock } from './poll-lock.repo';

const silent = { info() {}, warn() {}, error() {} };

function fixture(overrides: Partial<FeedFixture> = {}): FeedFixture {
  return {
    source: 'football-data',
    sourceId: '1',
    competitionCode: 'en.1',
    season: '2026-27',
    round: 'Matchday 13',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoffAt: new Date('2026-11-24T15:00:00Z'),
    status: 'scheduled',
    halfTime: null,
    fullTime: null,
    ...overrides,
  };
}

describe('poll cadence', () => {
  const now = new Date('2026-11-24T16:00:00Z');
  const cadence = { pollSeconds: 300, livePollSeconds: 60 };

  it('asks for yesterday − 2 days … + 14 days', () => {
    expect(pollWindow(now)).toEqual({ dateFrom: '2026-11-21', dateTo: '2026-12-08' });
  });

  it('polls every minute while a match is in play or kicked off in the last 3 hours without a result', () => {
    expect(isLiveWindow([fixture({ status: 'live' })], now)).toBe(true);
    expect(isLiveWindow([fixture()], now)).toBe(true);
    expect(isLiveWindow([fixture({ status: 'finished', fullTime: [1, 0] })], now)).toBe(false);
    expect(isLiveWindow([fixture({ kickoffAt: new Date('2026-11-24T12:30:00Z') })], now)).toBe(false);
    expect(nextPollAt([fixture()], now, cadence).getTime() - now.getTime()).toBe(60_000);
  });

  it('polls at a kick-off that comes before the next regular poll, else every 5 minutes', () => {
    const soon = fixture({ kickoffAt: new Date('2026-11-24T16:02:00Z') });
    expect(nextPollAt([soon], now, cadence)).toEqual(soon.kickoffAt);
    expect(nextPollAt([], now, cadence).getTime() - now.getTime()).toBe(300_000);
  });
});

describe('football feed poller', () => {
  it('writes what the feed gives and hands results to onResults once', async () => {
    const clock = createTestClock('2026-11-24T18:00:00Z');
    let matches = [fixture()];
    const feed: FootballFeedPort = { listMatches: async () => matches };
    const writer = createFakeFixtureWriter();
    const results: number[][] = [];
    const poller = createFootballFeedPoller({
      feed,
      writeFixtures: writer.writeFixtures,
      onResults: (ids) => {
        results.push(ids);
      },
      lock: createPollLock({ db: {}, kind: 'pglite' } as unknown as Database),
      clock,
      log: silent,
      competitions: ['PL'],
      pollSeconds: 300,
      livePollSeconds: 60,
    });
    await poller.runOnce();
    expect(results).toEqual([]);
    // Not due yet: nothing is fetched.
    expect(await poller.runOnce()).toEqual([]);
    matches = [fixture({ status: 'finished', fullTime: [2, 1], halfTime: [1, 1] })];
    clock.advance(60_000);
    await poller.runOnce();
    clock.advance(300_000);
    await poller.runOnce();
    expect(results).toEqual([[1]]);
    expect(writer.rows.size).toBe(1);
  });

  it('lets only one of two pollers poll a competition at a time', async () => {
    const clock = createTestClock('2026-11-24T18:00:00Z');
    const writer = createFakeFixtureWriter();
    const database = { db: {}, kind: 'pglite' } as unknown as Database;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetches = 0;
    const feed: FootballFeedPort = {
      listMatches: async () => {
        fetches++;
        await gate;
        return [fixture({ status: 'finished', fullTime: [0, 0], halfTime: [0, 0] })];
      },
    };
    const results: number[] = [];
    const make = () =>
      createFootballFeedPoller({
        feed,
        writeFixtures: writer.writeFixtures,
        onResults: (ids) => {
          results.push(...ids);
        },
        lock: createPollLock(database),
        clock,
        log: silent,
        competitions: ['PL'],
        pollSeconds: 300,
        livePollSeconds: 60,
      });
    const [a, b] = [make(), make()];
    const first = a.runOnce();
    const second = await b.runOnce();
    release();
    expect(second).toEqual([{ competition: 'PL', polled: false, reason: 'locked' }]);
    expect((await first)[0]).toMatchObject({ polled: true });
    expect(fetches).toBe(1);
    expect(results).toEqual([1]);
  });

  it('survives a failing feed and tries again at the next poll', async () => {
    const clock = createTestClock('2026-11-24T18:00:00Z');
    const errors: object[] = [];
    const poller = createFootballFeedPoller({
      feed: { listMatches: async () => Promise.reject(new Error('down')) },
      writeFixtures: createFakeFixtureWriter().writeFixtures,
      onResults: () => {},
      lock: createPollLock({ db: {}, kind: 'pglite' } as unknown as Database),
      clock,
      log: { ...silent, error: (obj) => errors.push(obj) },
      competitions: ['PL', 'BL1'],
      pollSeconds: 300,
      livePollSeconds: 60,
    });
    expect(await poller.runOnce()).toEqual([
      { competition: 'PL', polled: false, reason: 'failed' },
      { competition: 'BL1', polled: false, reason: 'failed' },
    ]);
    expect(errors).toHaveLength(2);
    expect(await poller.runOnce()).toEqual([]);
    clock.advance(300_000);
    expect(await poller.runOnce()).toHaveLength(2);
  });
});
