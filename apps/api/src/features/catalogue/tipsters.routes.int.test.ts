import type { ErrorBody, RecordPage, StatisticsResponse, TipsterPage, TipsterProfile } from '@tips/contract';
import {
  MESSAGES,
  RecordPageSchema,
  StatisticsResponseSchema,
  TipsterPageSchema,
  TipsterProfileSchema,
} from '@tips/contract';
import { RANKING_MIN_SETTLED } from '@tips/contract/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import type { TipResult } from '../tips/settlement/settle-tip.repo';
import { createSignedInUser, follow, freshCatalogue, get, getOk, grantTip } from './catalogue.test-support';

// A Wednesday: this ISO week began on Monday 2025-06-09, this month on 2025-06-01.
const NOW = new Date('2025-06-11T12:00:00.000Z');
// Before every other tip of these tests: the pushes that give ranked tipsters their minimum sample.
const SEASONED = new Date('2024-06-01T15:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: TestApp;
type TipsterRow = Awaited<ReturnType<typeof createTipster>>;
const all: TipsterRow[] = [];

async function tipster(overrides: Parameters<typeof createTipster>[1] = {}) {
  const row = await createTipster(t.database.db, overrides);
  all.push(row);
  return row;
}

/** Settles `results` for a tipster, one a day going back from `from`. */
async function history(tipsterId: number, from: Date, results: TipResult[], oddsHundredths = 190) {
  for (const [i, result] of results.entries()) {
    await createSettledTip(t.database.db, {
      tipsterId,
      result,
      eventTime: new Date(from.getTime() - i * DAY),
      oddsHundredths,
    });
  }
}
const times = (n: number, result: TipResult): TipResult[] => Array.from({ length: n }, () => result);

// Profile and records subject.
let alice: TipsterRow;
let aliceUser: Awaited<ReturnType<typeof createSignedInUser>>;
const record: Record<string, number> = {};
const active: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  aliceUser = await createSignedInUser(t, ['user', 'tipster']);
  alice = await tipster({
    name: 'Alice Archer',
    category: 'SENIOR',
    location: 'Lisbon, Portugal',
    bio: 'Numbers first.',
    profileImage: 'tipster-alice.webp',
    userId: aliceUser.user.id,
  });
  const settle = async (name: string, days: number, result: TipResult, bettingType: number, odds: number) => {
    const row = await createSettledTip(db, {
      tipsterId: alice.id,
      result,
      eventTime: at(-days * DAY),
      bettingType,
      oddsHundredths: odds,
      selection: `${name} pick`,
      resultDetails: `FT ${name}`,
    });
    record[name] = row.id;
  };
  await settle('r6', 250, 'WIN', 14, 300);
  await settle('r5', 100, 'LOSS', 1, 220);
  await settle('r4', 45, 'WIN', 3, 180);
  await settle('r3', 20, 'VOID', 1, 250);
  await settle('r2', 3, 'LOSS', 2, 200); // Sunday 8 June: last ISO week
  await settle('r1', 1, 'WIN', 1, 150);
  active.later = (
    await createTip(db, {
      tipsterId: alice.id,
      now: NOW,
      eventTime: at(5 * HOUR),
      priceCents: 0,
      selection: 'Free pick',
    })
  ).id;
  active.soon = (
    await createTip(db, {
      tipsterId: alice.id,
      now: NOW,
      eventTime: at(HOUR),
      priceCents: 900,
      selection: 'Paid pick',
    })
  ).id;
  await createTip(db, { tipsterId: alice.id, now: at(-3 * HOUR), eventTime: at(-HOUR) }); // kicked off, unsettled
});

afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(NOW);
  await freshCatalogue(t);
});

describe('GET /api/tipsters/profile/{id}', () => {
  it('returns the profile with figures from the settled tips (voids are draws)', async () => {
    const profile = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`);
    expect(TipsterProfileSchema.safeParse(profile).success).toBe(true);
    expect(profile).toMatchObject({
      id: alice.id,
      name: 'Alice Archer',
      category: 'SENIOR',
      location: 'Lisbon, Portugal',
      bio: 'Numbers first.',
      profileImageUrl: '/api/users/profile-images/tipster-alice.webp',
      isFollowed: false,
      // Newest first, voids skipped.
      results: [true, false, true, false, true],
      totalWins: 3,
      totalLosses: 2,
      totalTips: 6,
      wins: 3,
      draws: 1,
      losses: 2,
      hitRate: 60,
      // (300 + 220 + 180 + 250 + 200 + 150) / 6 = 216.67 hundredths
      averageOdds: 2.17,
    });
  });

  it('lists active tips soonest first, with the selection rule', async () => {
    const visitor = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`);
    expect(visitor.activeTips.map((a) => [a.id, a.selection])).toEqual([
      [active.soon, null],
      [active.later, 'Free pick'],
    ]);
    const asTipster = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`, aliceUser.token);
    expect(asTipster.activeTips[0].selection).toBe('Paid pick');
    const buyer = await createSignedInUser(t);
    await grantTip(t.database.db, buyer.user.id, active.soon);
    const asBuyer = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`, buyer.token);
    expect(asBuyer.activeTips[0]).toMatchObject({ selection: 'Paid pick', isOwned: true });
    expect(
      (await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`)).activeTips[0].selection,
    ).toBeNull();
  });

  it('tells a follower they follow', async () => {
    const fan = await createSignedInUser(t);
    await follow(t.database.db, fan.user.id, alice.id);
    expect((await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`, fan.token)).isFollowed).toBe(
      true,
    );
    expect((await getOk<TipsterProfile>(t, `/api/tipsters/profile/${alice.id}`)).isFollowed).toBe(false);
  });

  it('shows zeros for a tipster with no settled tip', async () => {
    const rookie = await tipster({ category: 'PREMIUM' });
    const profile = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${rookie.id}`);
    expect(profile).toMatchObject({
      results: [],
      totalTips: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      hitRate: 0,
      averageOdds: 0,
      activeTips: [],
    });
  });

  it('answers 404 for an unknown tipster and 400 for an id that is not one', async () => {
    for (const id of ['987654', '2147483647']) {
      const response = await get(t, `/api/tipsters/profile/${id}`);
      expect(response.statusCode).toBe(404);
      expect((response.json() as ErrorBody).errors).toEqual([MESSAGES.tipsterNotFound]);
    }
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999']) {
      const response = await get(t, `/api/tipsters/profile/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect((response.json() as ErrorBody).errors).toEqual([MESSAGES.invalidId]);
    }
  });
});

describe('GET /api/tipsters/records/{id}', () => {
  const records = (query: string) => getOk<RecordPage>(t, `/api/tipsters/records/${alice.id}?${query}`);
  const ids = (page: RecordPage) => page.data.map((r) => r.id);

  it('pages settled tips newest first, 5 a page by default', async () => {
    const first = await records('');
    expect(RecordPageSchema.safeParse(first).success).toBe(true);
    expect(first).toMatchObject({ currentPage: 1, pageSize: 5, totalItems: 6, totalPages: 2 });
    expect(ids(first)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'].map((k) => record[k]));
    expect(ids(await records('pageNumber=2'))).toEqual([record.r6]);
  });

  it('renders each record with its result and selection', async () => {
    const page = await records('pageSize=3');
    expect(page.data).toEqual([
      {
        id: record.r1,
        eventTime: at(-DAY).toISOString(),
        homeTeam: 'Arsenal',
        awayTeam: 'Chelsea',
        bettingType: 1,
        bettingTypeName: 'Asian Handicap F.T',
        selection: 'r1 pick',
        reasoning: '',
        odds: 1.5,
        // Written straight to the table, not through publishing: history without a checked price.
        referenceOdds: null,
        result: 'Win',
        isWin: true,
        outcome: 'WIN',
        resultDetails: 'FT r1',
        fixtureId: null,
        stake: 1,
        profit: 0.5,
        // Not on a match: never closed (decision 155).
        closingOdds: null,
        clv: null,
        noClosingPrice: false,
      },
      expect.objectContaining({
        id: record.r2,
        result: 'Loss',
        isWin: false,
        outcome: 'LOSS',
        selection: 'r2 pick',
        reasoning: '',
      }),
      expect.objectContaining({ id: record.r3, result: 'Void', isWin: null, outcome: 'VOID' }),
    ]);
  });

  it('filters by the last N months (0 = all history)', async () => {
    expect(ids(await records('month=1'))).toEqual([record.r1, record.r2, record.r3]);
    expect(ids(await records('month=2'))).toEqual([record.r1, record.r2, record.r3, record.r4]);
    expect((await records('month=6&pageSize=10')).totalItems).toBe(5);
    expect((await records('month=0&pageSize=10')).totalItems).toBe(6);
  });

  it('filters by betting type, alone or with a month window', async () => {
    expect(ids(await records('bettingType=1'))).toEqual([record.r1, record.r3, record.r5]);
    expect(ids(await records('bettingType=1&month=1'))).toEqual([record.r1, record.r3]);
    expect((await records('bettingType=113')).totalItems).toBe(0);
    expect((await records('bettingType=0')).totalItems).toBe(6);
  });

  it('rejects bad parameters with 400 and unknown tipsters with 404', async () => {
    const cases: Array<[string, string]> = [
      ['month=7', 'month must be a whole number from 0 to 6'],
      ['month=-1', 'month must be a whole number from 0 to 6'],
      ['bettingType=99', 'Unknown betting type: 99'],
      ['bettingType=x', 'bettingType must be a whole number from 0 to 1000'],
      ['pageSize=51', 'pageSize must be a whole number from 1 to 50'],
      ['pageNumber=-2', 'pageNumber must be a whole number from 1 to 100000'],
    ];
    for (const [query, message] of cases) {
      const response = await get(t, `/api/tipsters/records/${alice.id}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as ErrorBody).errors, query).toContain(message);
    }
    expect((await get(t, '/api/tipsters/records/abc')).statusCode).toBe(400);
    const missing = await get(t, '/api/tipsters/records/987654?month=2');
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as ErrorBody).errors).toEqual([MESSAGES.tipsterNotFound]);
  });
});

describe('GET /api/tipsters/statistics', () => {
  const named: Record<string, TipsterRow> = {};
  const old = new Date('2025-03-20T15:00:00.000Z');

  beforeAll(async () => {
    // Each ranked tipster starts with RANKING_MIN_SETTLED.all pushes in 2024 (decision 160's sample
    // all time), at the odds of the rest of their record: pushes change neither profit, wins, fails
    // nor the average odds at equal odds. Profit at 1-unit stakes: a win at 1.90 is +0.9, a loss −1.
    const make = async (
      name: string,
      category: 'SENIOR' | 'PREMIUM' | 'High AI Model',
      seasonedOdds: number | null = 190,
    ) => {
      named[name] = await tipster({ name, category });
      if (seasonedOdds !== null) {
        await history(named[name].id, SEASONED, times(RANKING_MIN_SETTLED.all, 'VOID'), seasonedOdds);
      }
      return named[name].id;
    };
    // The visit of issue #27: a high hit rate at short odds and big losing stakes, −78.9 units.
    const loser = await make('Loser', 'SENIOR');
    for (let i = 0; i < 30; i++) {
      await createSettledTip(t.database.db, {
        tipsterId: loser,
        result: i < 22 ? 'WIN' : 'LOSS',
        eventTime: new Date(old.getTime() - (i + 40) * DAY),
        oddsHundredths: 105,
        stake: i < 22 ? 1 : 10,
      });
    }
    // All time.
    await history(await make('R1', 'PREMIUM'), old, times(10, 'WIN')); // +9.0
    await history(await make('R2', 'SENIOR'), old, [...times(9, 'WIN'), 'LOSS']); // +7.1
    await history(await make('R3', 'PREMIUM', 210), old, [...times(9, 'WIN'), 'LOSS', 'VOID', 'VOID'], 210); // +8.9
    await history(await make('R4', 'SENIOR'), old, [...times(9, 'WIN'), ...times(5, 'VOID')]); // +8.1
    await history(await make('R5', 'SENIOR'), old, [...times(6, 'WIN'), ...times(4, 'LOSS')]); // +1.4
    for (const name of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']) {
      await history(await make(name, name < 'T4' ? 'SENIOR' : 'PREMIUM'), old, [
        ...times(5, 'WIN'),
        ...times(5, 'LOSS'),
      ]); // −0.5
    }
    await history(await make('AI', 'High AI Model'), old, times(12, 'WIN')); // +10.8
    // This month and this week, by kick-off.
    await history(await make('M1', 'PREMIUM'), at(-DAY), times(3, 'WIN')); // 10, 9 June in the week; 8 June not
    await history(await make('M2', 'PREMIUM'), at(-5 * DAY), ['WIN', 'LOSS', 'WIN']); // 6, 5, 4 June
    await history(await make('M3', 'PREMIUM'), at(-DAY), ['WIN', 'WIN', 'VOID']);
    await history(await make('S1', 'SENIOR'), at(-2 * DAY), ['WIN', 'WIN', 'LOSS', 'WIN']); // 9, 8, 7, 6 June
    await history(await make('S2', 'SENIOR'), new Date('2025-05-31T18:00:00.000Z'), times(3, 'WIN')); // May
  });

  const names = (rows: Array<{ id: number }>) =>
    rows.map(
      (r) => Object.keys(named).find((k) => named[k].id === r.id) ?? (r.id === alice.id ? 'Alice' : r.id),
    );

  it('ranks by profit in units among tipsters with the minimum sample, AI tiers included, 10 rows at most', async () => {
    const stats = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    expect(StatisticsResponseSchema.safeParse(stats).success).toBe(true);
    // By profit: the AI model (+10.8) like everyone else; M1 and S2 tie on profit and sample and go
    // by id; the tipsters at −0.5 and the Loser (−78.9, hit rate 73 %) are below the tenth; Alice
    // (6 settled tips, +1.3) ranks after everyone with the sample.
    expect(names(stats.topTipstersAllTime)).toEqual([
      'AI',
      'R1',
      'R3',
      'R4',
      'R2',
      'M1',
      'S2',
      'M3',
      'S1',
      'R5',
    ]);
    const profits = stats.topTipstersAllTime.map((row) => row.profit);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
    // Profit in units at 1-unit stakes: 9 × 1.10 − 1; yield over all 42 units staked (pushes included).
    expect(stats.topTipstersAllTime[2]).toEqual({
      id: named.R3.id,
      name: 'R3',
      totalTips: 42,
      averageOdds: 2.1,
      winPercentage: 90,
      wins: 9,
      fails: 1,
      profit: 8.9,
      yield: 21.19,
    });
  });

  it('ranks this month and this ISO week per category, by profit, below-sample records included after', async () => {
    const stats = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    // Nobody has this month's 10 settled tips: all by profit (+2.7, +1.8, +0.8).
    expect(names(stats.topMonthlyPremiums)).toEqual(['M1', 'M3', 'M2']);
    expect(stats.topMonthlyPremiums[2]).toMatchObject({ totalTips: 3, wins: 2, fails: 1, profit: 0.8 });
    // M1 and M3 tie this week (two wins at 1.90); M1 is older.
    expect(names(stats.topWeeklyPremiums)).toEqual(['M1', 'M3']);
    expect(stats.topWeeklyPremiums[0]).toMatchObject({ totalTips: 2, wins: 2, fails: 0, profit: 1.8 });
    // Alice has 2 settled tips in June (a loss, a win at 1.50: −0.5) and 1 this week; S2's are in May.
    expect(names(stats.topMonthySeniors)).toEqual(['S1', 'Alice']);
    expect(stats.topMonthySeniors[0]).toMatchObject({ totalTips: 4, wins: 3, fails: 1, profit: 1.7 });
    expect(names(stats.topWeeklySeniors)).toEqual(['S1', 'Alice']);
  });

  it('moves with the calendar: last month is not this month', async () => {
    t.clock.set('2025-07-02T09:00:00.000Z');
    const july = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    expect(july.topMonthlyPremiums).toEqual([]);
    expect(july.topWeeklySeniors).toEqual([]);
    expect(names(july.topTipstersAllTime)[0]).toBe('AI');
    t.clock.set('2025-05-31T20:00:00.000Z');
    const may = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    // Alice's May tip is a push: 0 units.
    expect(names(may.topMonthySeniors)).toEqual(['S2', 'Alice']);
  });

  it('ranks a tipster below the minimum sample after those with it, whatever their profit', async () => {
    t.clock.set(NOW);
    expect(RANKING_MIN_SETTLED).toEqual({ all: 30, month: 10, week: 5 });
    // U1: 29 wins at 4.00 (+87 units), one tip short of the sample all time; 10 of them in June.
    named.U1 = await tipster({ name: 'U1', category: 'PREMIUM' });
    const short = named.U1.id;
    await history(short, at(-DAY), times(RANKING_MIN_SETTLED.all - 1, 'WIN'), 400);
    // W5: this week's sample (5 tips this morning) for +0.7 units.
    named.W5 = await tipster({ name: 'W5', category: 'PREMIUM' });
    for (const [i, result] of (['WIN', 'WIN', 'WIN', 'LOSS', 'LOSS'] as const).entries()) {
      await createSettledTip(t.database.db, {
        tipsterId: named.W5.id,
        result,
        eventTime: at(-(i + 1) * HOUR - 4 * HOUR),
        oddsHundredths: 190,
      });
    }
    await freshCatalogue(t);
    const stats = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    // All time: ten tipsters have the sample, so the +87 of 29 tips is not in the table.
    expect(stats.topTipstersAllTime.map((row) => row.id)).not.toContain(short);
    // This week: W5 has the sample (+0.7); U1's +6 of 2 tips and the others follow, by profit.
    expect(names(stats.topWeeklyPremiums)).toEqual(['W5', 'U1', 'M1', 'M3']);
    // This month: U1 has the sample (10 tips, +30); the others have fewer.
    expect(names(stats.topMonthlyPremiums)).toEqual(['U1', 'M1', 'M3', 'M2', 'W5']);
    expect(stats.mostProven.map((row) => row.id)).not.toContain(short);
    // One more settled tip (a loss in May) and it leads all time: +86 over 30 tips.
    await history(short, at(-DAY * 40), ['LOSS'], 400);
    await freshCatalogue(t);
    const after = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
    expect(names(after.topTipstersAllTime)[0]).toBe('U1');
    expect(names(after.mostProven)[0]).toBe('U1');
    expect(after.mostProven[0]).toMatchObject({
      totalTips: 30,
      wins: 29,
      fails: 1,
      profit: 86,
      yield: 286.67,
    });
  });
});

describe('GET /api/tipsters', () => {
  const byId = () => [...all].sort((a, b) => a.id - b.id);

  /** Decision 160 from each profile's all-time figures: the sample first, then profit, sample, id. */
  async function expectedOrder(rows: readonly TipsterRow[]): Promise<number[]> {
    const figures = await Promise.all(
      rows.map(async (row) => {
        const p = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${row.id}`);
        return { id: row.id, settled: p.totalTips, profit: p.profit };
      }),
    );
    const tier = (f: { settled: number }) =>
      f.settled >= RANKING_MIN_SETTLED.all ? 2 : f.settled > 0 ? 1 : 0;
    return figures
      .sort((a, b) => tier(b) - tier(a) || b.profit - a.profit || b.settled - a.settled || a.id - b.id)
      .map((f) => f.id);
  }

  it('ranks the "Top tipsters" by proven profit, 10 by default, with results, record and the measure', async () => {
    const first = await getOk<TipsterPage>(t, '/api/tipsters');
    expect(TipsterPageSchema.safeParse(first).success).toBe(true);
    expect(first).toMatchObject({
      currentPage: 1,
      pageSize: 10,
      totalItems: all.length,
      totalPages: Math.ceil(all.length / 10),
    });
    const order = await expectedOrder(all);
    expect(first.data.map((d) => d.id)).toEqual(order.slice(0, 10));
    const everyone: TipsterPage['data'] = [];
    for (let page = 1; page <= Math.ceil(all.length / 4); page++) {
      everyone.push(...(await getOk<TipsterPage>(t, `/api/tipsters?pageSize=4&pageNumber=${page}`)).data);
    }
    const ids = everyone.map((d) => d.id);
    expect(ids).toEqual(order);
    const position = (id: number) => ids.indexOf(id);
    const loser = everyone.find((d) => d.name === 'Loser')!;
    // A losing tipster never outranks a winning one with the sample: the Loser (−78.9) comes after
    // every tipster with 30 settled tips in profit, and the AI model ranks among them.
    expect(loser).toMatchObject({ profit: -78.9, settledTips: 60 });
    for (const d of everyone.filter((e) => e.settledTips >= RANKING_MIN_SETTLED.all && e.profit > 0)) {
      expect(position(d.id), d.name).toBeLessThan(position(loser.id));
    }
    expect(everyone[0]).toMatchObject({ name: 'U1', profit: 86, settledTips: 30 });
    expect(everyone.findIndex((d) => d.category === 'High AI Model')).toBe(1);
    // The minimum sample: Alice's +1.3 over 6 tips ranks after the Loser; the rookie (no settled
    // tip) comes last.
    expect(position(alice.id)).toBeGreaterThan(position(loser.id));
    expect(everyone.find((d) => d.id === alice.id)).toEqual({
      id: alice.id,
      name: 'Alice Archer',
      category: 'SENIOR',
      location: 'Lisbon, Portugal',
      bio: 'Numbers first.',
      profileImageUrl: '/api/users/profile-images/tipster-alice.webp',
      results: [true, false, true, false, true],
      totalWins: 3,
      totalLosses: 2,
      isFollowed: false,
      profit: 1.3,
      settledTips: 6,
    });
    expect(everyone.at(-1)).toMatchObject({ settledTips: 0, profit: 0 });
    const second = await getOk<TipsterPage>(t, '/api/tipsters?pageNumber=2&pageSize=5');
    expect(second.data.map((d) => d.id)).toEqual(order.slice(5, 10));
  });

  it('filters by category (all includes the AI models), in the same order', async () => {
    const premium = await getOk<TipsterPage>(t, '/api/tipsters?category=premium&pageSize=50');
    expect(premium.data.map((d) => d.id)).toEqual(
      await expectedOrder(all.filter((r) => r.category === 'PREMIUM')),
    );
    const senior = await getOk<TipsterPage>(t, '/api/tipsters?category=senior');
    expect(senior.totalItems).toBe(all.filter((r) => r.category === 'SENIOR').length);
    expect((await getOk<TipsterPage>(t, '/api/tipsters?category=all')).totalItems).toBe(all.length);
  });

  it('marks the tipsters a signed-in caller follows', async () => {
    const fan = await createSignedInUser(t);
    await follow(t.database.db, fan.user.id, alice.id);
    const page = await getOk<TipsterPage>(t, '/api/tipsters?pageSize=50', fan.token);
    expect(page.data.filter((d) => d.isFollowed).map((d) => d.id)).toEqual([alice.id]);
    const visitor = await getOk<TipsterPage>(t, '/api/tipsters?pageSize=50');
    expect(visitor.data.some((d) => d.isFollowed)).toBe(false);
  });

  it('shuffles with random=true and still pages consistently', async () => {
    const walk = async () => {
      const seen: number[] = [];
      for (let n = 1; n <= Math.ceil(all.length / 4); n++) {
        seen.push(
          ...(await getOk<TipsterPage>(t, `/api/tipsters?random=true&pageSize=4&pageNumber=${n}`)).data.map(
            (d) => d.id,
          ),
        );
      }
      return seen;
    };
    const order = await walk();
    expect(order).toHaveLength(all.length);
    expect([...order].sort((a, b) => a - b)).toEqual(byId().map((r) => r.id));
    expect(order).not.toEqual(byId().map((r) => r.id));
    await freshCatalogue(t);
    expect(await walk()).toEqual(order);
  });

  it('rejects bad parameters with 400', async () => {
    const cases: Array<[string, string]> = [
      ['pageSize=51', 'pageSize must be a whole number from 1 to 50'],
      ['pageNumber=-1', 'pageNumber must be a whole number from 1 to 100000'],
      ['category=ai', 'category must be one of: all, senior, premium, other'],
      ['random=yes', 'random must be true or false'],
    ];
    for (const [query, message] of cases) {
      const response = await get(t, `/api/tipsters?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as ErrorBody).errors, query).toContain(message);
    }
  });
});
