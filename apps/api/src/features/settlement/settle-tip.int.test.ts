import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { tipsterStats, tipsters } from '../../db/schema';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { correctSettlementInTx, settleTipInTx } from './settle-tip';

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
        settleTipInTx(tx, {
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
      correctSettlementInTx(tx, {
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
});
