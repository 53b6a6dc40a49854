import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tipsterRecords, tipsterStats } from '../../db/schema';

export type TipsterRecordRow = typeof tipsterRecords.$inferSelect;

/** The tipster's record row (runs, drawdown, units series, luck), kept by settlement. */
export async function findTipsterRecord(db: DbOrTx, tipsterId: number): Promise<TipsterRecordRow | null> {
  const [row] = await db.select().from(tipsterRecords).where(eq(tipsterRecords.tipsterId, tipsterId));
  return row ?? null;
}

export interface MonthStatsRow {
  periodStart: string;
  totalTips: number;
  stakedUnits: number;
  profitMilli: number;
}

/** The tipster's month aggregates, newest first (the aggregates' primary key). */
export async function monthStatsOf(db: DbOrTx, tipsterId: number): Promise<MonthStatsRow[]> {
  return db
    .select({
      periodStart: tipsterStats.periodStart,
      totalTips: tipsterStats.totalTips,
      stakedUnits: tipsterStats.stakedUnits,
      profitMilli: tipsterStats.profitMilli,
    })
    .from(tipsterStats)
    .where(and(eq(tipsterStats.tipsterId, tipsterId), eq(tipsterStats.period, 'month')))
    .orderBy(desc(tipsterStats.periodStart));
}
