import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-db';
import type { Database } from '../../../db/client';
import { tipsterStats, tipsters } from '../../../db/schema';
import { createSettledTip, createTip, createTipster } from '../../../db/seed/factories';
import { periodKeys } from '../stat-periods';
import { createSettleTipRepo, type TipResult } from './settle-tip.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function stats(tipsterId: number, period: 'all' | 'month' | 'week') {
  const rows = await database.db
    .select()
    .from(tipsterStats)
    .where(and(eq(tipsterStats.tipsterId, tipsterId), eq(tipsterStats.period, period)));
  return rows;
}

describe('settlement keeps the statistics true', () => {
  it('adds each result to all-time, month and week aggregates, voids out of the hit rate', async () => {
    const tipster = await createTipster(database.db, { category: 'PREMIUM' });
    const at = (d: string) => new Date(`${d}T18:00:00Z`);
    await createSettledTip(database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: at('2026-10-05'),
      oddsHundredths: 200,
    });
    await createSettledTip(database.db, {
      tipsterId: tipster.id,
      result: 'LOSS',
      eventTime: at('2026-10-06'),
      oddsHundredths: 150,
    });
    await createSettledTip(database.db, {
      tipsterId: tipster.id,
      result: 'VOID',
      eventTime: at('2026-11-03'),
      oddsHundredths: 190,
    });
    await createSettledTip(database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: at('2026-11-04'),
      oddsHundredths: 210,
    });

    const [all] = await stats(tipster.id, 'all');
    expect(all).toMatchObject({
      totalTips: 4,
      wins: 2,
      losses: 1,
      voids: 1,
      oddsSumHundredths: 750,
      hitRateBp: 6666,
    });
    const months = await stats(tipster.id, 'month');
    expect(months.map((m) => [m.periodStart, m.totalTips, m.wins, m.losses])).toEqual(
      expect.arrayContaining([
        ['2026-10-01', 2, 1, 1],
        ['2026-11-01', 2, 1, 0],
      ]),
    );
    const weeks = await stats(tipster.id, 'week');
    expect(weeks.find((w) => w.periodStart === '2026-11-02')).toMatchObject({
      totalTips: 2,
      wins: 1,
      voids: 1,
    });

    const [row] = await database.db.select().from(tipsters).where(eq(tipsters.id, tipster.id));
    // Newest kick-off first, the void skipped.
    expect(row.lastResults).toEqual([true, false, true]);
  });

  it('settles a tip only once, even when two settlements race', async () => {
    const tipster = await createTipster(database.db);
    const tip = await createTip(database.db, { tipsterId: tipster.id });
    const settle = () =>
      database.db.transaction((tx) =>
        createSettleTipRepo(tx).settleTip({
          tipId: tip.id,
          result: 'WIN',
          resultDetails: 'FT 1-0',
          settledBy: null,
          now: new Date(),
        }),
      );
    const outcomes = await Promise.allSettled([settle(), settle()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [all] = await stats(tipster.id, 'all');
    expect(all.totalTips).toBe(1);
  });

  it('corrects a wrong result by moving it between wins and losses', async () => {
    const tipster = await createTipster(database.db);
    const tip = await createSettledTip(database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date('2026-11-10T15:00:00Z'),
    });
    await database.db.transaction((tx) =>
      createSettleTipRepo(tx).correctSettlement({
        tipId: tip.id,
        result: 'LOSS',
        resultDetails: 'FT 0-1',
        settledBy: null,
        now: new Date(),
      }),
    );
    const [all] = await stats(tipster.id, 'all');
    expect(all).toMatchObject({ totalTips: 1, wins: 0, losses: 1, hitRateBp: 0 });
    const [row] = await database.db.select().from(tipsters).where(eq(tipsters.id, tipster.id));
    expect(row.lastResults).toEqual([false]);
  });

  it('concurrent settlements of one tipster: aggregates and last results as if one by one', async () => {
    const tipster = await createTipster(database.db);
    // Kick-offs around month and ISO-week edges (Sunday late evening, the 1st just after midnight).
    const kickOffs = [
      '2026-08-30T23:30:00Z',
      '2026-08-31T00:15:00Z',
      '2026-09-01T00:05:00Z',
      '2026-09-06T22:00:00Z',
      '2026-09-07T06:00:00Z',
      '2026-09-13T23:59:00Z',
      '2026-09-30T23:45:00Z',
      '2026-10-01T00:30:00Z',
      '2026-10-04T21:00:00Z',
      '2026-10-05T12:00:00Z',
      '2026-10-11T19:00:00Z',
      '2026-10-12T19:00:00Z',
    ].map((d) => new Date(d));
    const results: TipResult[] = [
      'WIN',
      'LOSS',
      'VOID',
      'WIN',
      'WIN',
      'LOSS',
      'LOSS',
      'VOID',
      'WIN',
      'LOSS',
      'WIN',
      'VOID',
    ];
    const open = [];
    for (const [i, eventTime] of kickOffs.entries()) {
      open.push(
        await createTip(database.db, {
          tipsterId: tipster.id,
          eventTime,
          now: new Date(eventTime.getTime() - 3600_000),
          oddsHundredths: 150 + i,
        }),
      );
    }
    await Promise.all(
      open.map((tip, i) =>
        database.db.transaction((tx) =>
          createSettleTipRepo(tx).settleTip({
            tipId: tip.id,
            result: results[i],
            resultDetails: 'FT',
            settledBy: null,
            now: new Date('2026-10-13T00:00:00Z'),
          }),
        ),
      ),
    );

    // The same aggregates computed from scratch, with the period keys the readers use.
    const expected = new Map<
      string,
      { totalTips: number; wins: number; losses: number; voids: number; odds: number }
    >();
    open.forEach((tip, i) => {
      for (const key of periodKeys(tip.eventTime)) {
        const k = `${key.period} ${key.periodStart}`;
        const row = expected.get(k) ?? { totalTips: 0, wins: 0, losses: 0, voids: 0, odds: 0 };
        row.totalTips++;
        if (results[i] === 'WIN') row.wins++;
        if (results[i] === 'LOSS') row.losses++;
        if (results[i] === 'VOID') row.voids++;
        row.odds += tip.oddsHundredths;
        expected.set(k, row);
      }
    });
    const rows = await database.db.select().from(tipsterStats).where(eq(tipsterStats.tipsterId, tipster.id));
    expect(
      Object.fromEntries(
        rows.map((r) => [
          `${r.period} ${r.periodStart}`,
          {
            totalTips: r.totalTips,
            wins: r.wins,
            losses: r.losses,
            voids: r.voids,
            odds: r.oddsSumHundredths,
          },
        ]),
      ),
    ).toEqual(Object.fromEntries(expected));
    for (const r of rows) {
      const decided = r.wins + r.losses;
      expect(r.hitRateBp).toBe(decided === 0 ? 0 : Math.floor((r.wins * 10000) / decided));
    }
    const [row] = await database.db.select().from(tipsters).where(eq(tipsters.id, tipster.id));
    // Newest kick-off first, voids skipped: 10-12 W, 10-05 L, 10-04 W, 09-30 L, 09-13 L.
    expect(row.lastResults).toEqual([true, false, true, false, false]);
  });
});
