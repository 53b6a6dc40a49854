import { LEADERBOARD_MIN_SETTLED, type StatisticsResponse, type TipsterProfile } from '@tips/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tips } from '../../db/schema';
import { createTip, createTipster } from '../../db/seed/factories';
import { freshCatalogue, getOk } from '../catalogue/catalogue.test-support';
import { estimateLuck } from './luck';
import type { Outcome } from './settlement/grading/grade-outcome';
import { createSettleTipRepo } from './settlement/settle-tip.repo';
import { refreshTipsterRecord } from './tipster-record.repo';

/**
 * Issue #18 points 1–3: every units figure the profile and the rankings show equals a
 * recomputation from the raw tips (odds, stake, outcome, kick-off), with half outcomes, pushes,
 * and admins' corrections (one by result, one by score on a quarter line) in the history.
 */

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY = 86_400_000;
const OUTCOMES: Outcome[] = ['WIN', 'LOSS', 'HALF_WIN', 'LOSS', 'VOID', 'HALF_LOSS', 'WIN', 'LOSS', 'LOSS'];

let t: TestApp;
let proven: number;
let small: number;
let adminToken: string;
let profile: TipsterProfile;
let stats: StatisticsResponse;

async function settledTip(
  tipsterId: number,
  i: number,
  outcome: Outcome,
  extra: Partial<typeof tips.$inferInsert>,
) {
  const eventTime = new Date(NOW.getTime() - (80 - i * 2) * DAY);
  const settled = await t.database.db.transaction(async (tx) => {
    const tip = await createTip(tx, {
      tipsterId,
      now: new Date(eventTime.getTime() - 6 * 3_600_000),
      eventTime,
      stake: ((i * 7) % 10) + 1,
      oddsHundredths: 150 + ((i * 37) % 250),
      ...extra,
    });
    return createSettleTipRepo(tx).settleTip({
      tipId: tip.id,
      outcome,
      resultDetails: 'FT 1-1',
      settledBy: null,
      now: new Date(eventTime.getTime() + 2 * 3_600_000),
    });
  });
  // After the commit, as every settling service does (decision 107).
  await refreshTipsterRecord(t.database.db, tipsterId);
  return settled;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  adminToken = (await signedIn(t, ['user', 'admin'])).token;
  const db = t.database.db;
  proven = (await createTipster(db, { category: 'SENIOR', name: 'Proven Record' })).id;
  small = (await createTipster(db, { category: 'PREMIUM', name: 'Small Sample' })).id;
  const ids: number[] = [];
  for (let i = 0; i < 36; i++) {
    const tip = await settledTip(proven, i, i === 0 ? 'LOSS' : OUTCOMES[i % OUTCOMES.length], {
      // A quarter line, for the correction by score below.
      ...(i === 0 ? { bettingType: 1, selection: 'Home -0.25' } : {}),
    });
    ids.push(tip.id);
  }
  // One fewer than the minimum, every tip a winner at long odds: never above a proven record.
  for (let i = 0; i < LEADERBOARD_MIN_SETTLED - 1; i++) {
    await settledTip(small, i, 'WIN', { oddsHundredths: 400 });
  }
  // Corrections: a loss that was a win, and a quarter line re-graded from the score (0-0 on
  // Home -0.25: half the stake pushes, half loses).
  await callOk(t, 'POST', `/api/admin/tips/${ids[1]}/correct`, adminToken, {
    result: 'WIN',
    resultDetails: 'FT 2-0',
    reason: 'Score entered the wrong way round',
  });
  await callOk(t, 'POST', `/api/admin/tips/${ids[0]}/correct`, adminToken, {
    score: { home: 0, away: 0, htHome: 0, htAway: 0 },
    reason: 'Wrong match graded',
  });
  await freshCatalogue(t);
  profile = await getOk<TipsterProfile>(t, `/api/tipsters/profile/${proven}`);
  stats = await getOk<StatisticsResponse>(t, '/api/tipsters/statistics');
}, 120_000);

afterAll(() => t.close());

// From first principles (not the contract's helpers): a half outcome wins or loses half the stake.
const SHARE: Record<Outcome, number> = { WIN: 1, HALF_WIN: 0.5, VOID: 0, HALF_LOSS: -0.5, LOSS: -1 };
type Raw = typeof tips.$inferSelect;
const profitMilli = (r: Raw) => {
  const share = SHARE[r.outcome as Outcome];
  return Math.round(r.stake * 1000 * share * (share > 0 ? (r.oddsHundredths - 100) / 100 : 1));
};
const units = (milli: number) => Math.sign(milli) * (Math.round(Math.abs(milli) / 10) / 100);
const pct = (num: number, den: number) =>
  den === 0 ? 0 : Math.sign(num) * (Math.round((Math.abs(num) / den) * 10_000) / 100);

async function rawTips(tipsterId: number): Promise<Raw[]> {
  return t.database.db
    .select()
    .from(tips)
    .where(eq(tips.tipsterId, tipsterId))
    .orderBy(asc(tips.eventTime), asc(tips.id));
}

describe('units figures against the raw tips', () => {
  it('has half outcomes, pushes and both corrections in the history', async () => {
    const raw = await rawTips(proven);
    const outcomes = new Set(raw.map((r) => r.outcome));
    expect([...outcomes].sort()).toEqual(['HALF_LOSS', 'HALF_WIN', 'LOSS', 'VOID', 'WIN']);
    expect(raw[0].outcome).toBe('HALF_LOSS');
    expect(raw[1].outcome).toBe('WIN');
    expect(new Set(raw.map((r) => r.stake)).size).toBeGreaterThan(5);
  });

  it('the profile shows units staked, profit, yield and strike rate of the raw tips', async () => {
    const raw = await rawTips(proven);
    const staked = raw.reduce((s, r) => s + r.stake, 0);
    const profit = raw.reduce((s, r) => s + profitMilli(r), 0);
    const won = raw.filter((r) => r.outcome === 'WIN' || r.outcome === 'HALF_WIN').length;
    expect(profile).toMatchObject({
      totalTips: 36,
      unitsStaked: staked,
      profit: units(profit),
      yield: pct(profit, staked * 1000),
      strikeRate: pct(won, raw.length),
    });
  });

  it('runs, drawdown, months, the daily units series and luck follow the tips in kick-off order', async () => {
    const raw = await rawTips(proven);
    let run = 0;
    let longest = 0;
    let total = 0;
    let peak = 0;
    let drawdown = 0;
    const days = new Map<string, { tips: number; profit: number }>();
    const months = new Map<string, { tips: number; staked: number; profit: number }>();
    for (const r of raw) {
      total += profitMilli(r);
      peak = Math.max(peak, total);
      drawdown = Math.max(drawdown, peak - total);
      if (r.outcome === 'LOSS' || r.outcome === 'HALF_LOSS') longest = Math.max(longest, ++run);
      else if (r.outcome !== 'VOID') run = 0;
      const day = r.eventTime.toISOString().slice(0, 10);
      days.set(day, { tips: (days.get(day)?.tips ?? 0) + 1, profit: total });
      const month = day.slice(0, 7);
      const m = months.get(month) ?? { tips: 0, staked: 0, profit: 0 };
      months.set(month, { tips: m.tips + 1, staked: m.staked + r.stake, profit: m.profit + profitMilli(r) });
    }
    expect(profile.longestLosingRun).toBe(longest);
    expect(profile.maxDrawdown).toBe(units(drawdown));
    expect(profile.unitsSeries).toEqual(
      [...days].map(([date, d]) => ({ date, tips: d.tips, profit: units(d.profit) })),
    );
    expect(profile.monthly).toEqual(
      [...months]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([month, m]) => ({
          month,
          tips: m.tips,
          unitsStaked: m.staked,
          profit: units(m.profit),
          yield: pct(m.profit, m.staked * 1000),
        })),
    );
    expect(profile.months).toBe(months.size);
    expect(profile.profitableMonths).toBe([...months.values()].filter((m) => m.profit > 0).length);

    // Luck: the same seeded simulation over the decided part of each bet (pushes drop out).
    const bets = raw
      .filter((r) => r.outcome !== 'VOID')
      .map((r) => ({
        oddsHundredths: r.oddsHundredths,
        riskedHalfUnits: r.stake * (r.outcome === 'HALF_WIN' || r.outcome === 'HALF_LOSS' ? 1 : 2),
      }));
    const luck = estimateLuck(bets, total);
    expect(luck).not.toBeNull();
    expect(profile.luck).toEqual({
      probability: luck!.hits / luck!.simulations,
      oneIn: luck!.hits > 0 ? Math.round(luck!.simulations / luck!.hits) : null,
      simulations: luck!.simulations,
    });
  });

  it('records carry each tip stake and profit', async () => {
    const page = await getOk<{ data: Array<{ id: number; stake: number; profit: number }> }>(
      t,
      `/api/tipsters/records/${proven}?pageSize=50`,
    );
    const raw = new Map((await rawTips(proven)).map((r) => [r.id, r]));
    expect(page.data).toHaveLength(36);
    for (const record of page.data) {
      const r = raw.get(record.id)!;
      expect({ stake: record.stake, profit: record.profit }).toEqual({
        stake: r.stake,
        profit: units(profitMilli(r)),
      });
    }
  });

  it('rankings add profit and yield and rank tipsters below the minimum sample after those with it', async () => {
    const raw = await rawTips(proven);
    const staked = raw.reduce((s, r) => s + r.stake, 0);
    const profit = raw.reduce((s, r) => s + profitMilli(r), 0);
    // Small Sample's 29 winners at 4.00 come after the proven record, whatever their profit (decision 160).
    expect(stats.topTipstersAllTime.map((row) => row.id)).toEqual([proven, small]);
    expect(stats.topTipstersAllTime[1].totalTips).toBe(29);
    expect(stats.topTipstersAllTime[1].profit).toBeGreaterThan(stats.topTipstersAllTime[0].profit);
    expect(stats.topTipstersAllTime.find((row) => row.id === proven)).toMatchObject({
      totalTips: 36,
      profit: units(profit),
      yield: pct(profit, staked * 1000),
    });
    expect(stats.mostProven.map((row) => row.id)).toEqual([proven]);
    expect(stats.mostProven[0].luck).toEqual(profile.luck);
  });
});
