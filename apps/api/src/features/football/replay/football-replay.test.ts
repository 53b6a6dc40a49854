import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../lib/clock';
import type { FeedFixture } from '../feed-fixture';
import { createFakeFixtureWriter } from '../test-support/fake-fixture-writer';
import { createFootballReplay } from './football-replay';
import { MATCH_DURATION_MS, WEEK_MS } from './replay-shift';

function real(id: string, kickoff: string, overrides: Partial<FeedFixture> = {}): FeedFixture {
  return {
    source: 'openfootball',
    sourceId: id,
    competitionCode: 'en.1',
    season: '2024-25',
    round: 'Matchday 13',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    kickoffAt: new Date(kickoff),
    status: 'finished',
    halfTime: [0, 0],
    fullTime: [1, 0],
    ...overrides,
  };
}

const DATA = [
  real('old', '2024-08-17T14:00:00Z'), // history: before the 8-week window
  real('past', '2024-11-23T15:00:00Z'),
  real('tonight', '2024-11-26T20:00:00Z'),
  real('later', '2024-12-04T19:30:00Z'),
  real('far', '2025-01-15T19:30:00Z'), // beyond 14 days
  real('last', '2025-05-25T15:00:00Z'),
  real('other-league', '2024-11-26T18:00:00Z', { competitionCode: 'sco.1' }),
];

function setup() {
  const clock = createTestClock('2026-11-24T12:00:00Z');
  const writer = createFakeFixtureWriter();
  const replay = createFootballReplay({
    loadFixtures: async () => DATA,
    writeFixtures: writer.writeFixtures,
    clock,
    competitions: ['en.1'],
  });
  return { clock, writer, replay };
}

describe('football replay', () => {
  it('writes the window shifted by 104 weeks: past results, upcoming fixtures without them', async () => {
    const { writer, replay } = setup();
    const report = await replay.materialise();
    expect(report.plan.weeks).toBe(104);
    expect([...writer.rows.keys()].sort()).toEqual([
      'replay|r104:later',
      'replay|r104:past',
      'replay|r104:tonight',
    ]);
    expect(writer.rows.get('replay|r104:past')).toMatchObject({ status: 'finished', fullTime: [1, 0] });
    const tonight = writer.rows.get('replay|r104:tonight');
    expect(tonight).toMatchObject({ status: 'scheduled', fullTime: null, halfTime: null });
    expect(tonight?.kickoffAt.toISOString()).toBe('2026-11-24T20:00:00.000Z');
    expect(report.resultChangedIds).toHaveLength(1);
  });

  it('writes a result only once it is due, once, and nothing when nothing changed', async () => {
    const { clock, writer, replay } = setup();
    await replay.materialise();
    const kickoff = new Date('2026-11-24T20:00:00Z').getTime();
    clock.set(new Date(kickoff + MATCH_DURATION_MS - 1000));
    expect((await replay.materialise()).resultChangedIds).toEqual([]);
    expect(writer.rows.get('replay|r104:tonight')?.fullTime).toBeNull();
    clock.set(new Date(kickoff + MATCH_DURATION_MS));
    const due = await replay.materialise();
    expect(due.resultChangedIds).toEqual([writer.rows.get('replay|r104:tonight')?.id]);
    expect(writer.batches.at(-1)?.map((f) => f.sourceId)).toEqual(['r104:tonight']);
    const again = await replay.materialise();
    expect(again.added + again.updated + again.resultChangedIds.length).toBe(0);
  });

  it('a fresh process (restart) rewrites the window without reporting results again', async () => {
    const { clock, writer } = setup();
    const first = createFootballReplay({
      loadFixtures: async () => DATA,
      writeFixtures: writer.writeFixtures,
      clock,
      competitions: ['en.1'],
    });
    await first.materialise();
    const second = createFootballReplay({
      loadFixtures: async () => DATA,
      writeFixtures: writer.writeFixtures,
      clock,
      competitions: ['en.1'],
    });
    const report = await second.materialise();
    expect(report).toMatchObject({ added: 0, updated: 0, resultChangedIds: [] });
  });

  it('imports the history before the window at real dates, from every bundled competition', async () => {
    const { writer, replay } = setup();
    const report = await replay.importHistory();
    expect(report.count).toBe(1);
    expect([...writer.rows.keys()]).toEqual(['openfootball|old']);
    const plan = await replay.plan();
    expect(plan.from.getTime()).toBe(new Date('2024-11-26T12:00:00Z').getTime() - 8 * WEEK_MS);
  });

  it('moves to the season before when the data runs out', async () => {
    const { clock, replay } = setup();
    clock.set('2027-06-01T12:00:00Z');
    expect((await replay.plan()).weeks).toBe(156);
  });
});

describe('football replay after a long stop', () => {
  it('starts where the history ends when that is before the window, then only the window moves', async () => {
    const clock = createTestClock('2026-11-24T12:00:00Z');
    const writer = createFakeFixtureWriter();
    const data = [...DATA, real('gap', '2024-09-10T19:00:00Z'), real('history-end', '2024-08-31T15:00:00Z')];
    const replay = createFootballReplay({
      loadFixtures: async () => data,
      writeFixtures: writer.writeFixtures,
      clock,
      competitions: ['en.1'],
      historyEnd: async () => new Date('2024-08-31T15:00:00Z'),
    });
    await replay.materialise();
    expect(writer.rows.has('replay|r104:gap')).toBe(true);
    expect(writer.rows.has('replay|r104:history-end')).toBe(false);
    expect(writer.rows.has('replay|r104:old')).toBe(false);
  });

  it('does not reach back when the history ends inside the window', async () => {
    const clock = createTestClock('2026-11-24T12:00:00Z');
    const writer = createFakeFixtureWriter();
    const replay = createFootballReplay({
      loadFixtures: async () => [...DATA, real('gap', '2024-09-10T19:00:00Z')],
      writeFixtures: writer.writeFixtures,
      clock,
      competitions: ['en.1'],
      historyEnd: async () => new Date('2024-10-20T00:00:00Z'),
    });
    await replay.materialise();
    expect(writer.rows.has('replay|r104:gap')).toBe(false);
    expect(writer.rows.has('replay|r104:past')).toBe(true);
  });
});
