import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tips, tipsterRecords, tipsterStats } from '../../db/schema';
import { computeRecordFigures, type SettledTipForFigures } from './record-figures';
import { ALL_TIME_START } from './stat-periods';

/** The tipster's settled tips in kick-off order (the settled-tips-by-tipster index). */
async function settledTipsOf(db: DbOrTx, tipsterId: number): Promise<SettledTipForFigures[]> {
  const rows = await db
    .select({
      eventTime: tips.eventTime,
      oddsHundredths: tips.oddsHundredths,
      stake: tips.stake,
      outcome: sql<SettledTipForFigures['outcome']>`coalesce(${tips.outcome}, ${tips.result})`,
    })
    .from(tips)
    .where(and(eq(tips.tipsterId, tipsterId), isNotNull(tips.result)))
    .orderBy(asc(tips.eventTime), asc(tips.id));
  return rows;
}

/**
 * Recomputes one tipster's order-dependent figures and luck (decisions 075, 076) from their
 * settled tips, inside the caller's transaction: settlement and corrections call it after their
 * aggregates, so a record row never disagrees with the tips it was computed from.
 */
export async function refreshTipsterRecord(db: DbOrTx, tipsterId: number): Promise<void> {
  const figures = computeRecordFigures(await settledTipsOf(db, tipsterId));
  const row = {
    settledTips: figures.settledTips,
    profitMilli: figures.profitMilli,
    longestLosingRun: figures.longestLosingRun,
    maxDrawdownMilli: figures.maxDrawdownMilli,
    luckHits: figures.luck?.hits ?? null,
    luckSimulations: figures.luck?.simulations ?? null,
    luckProbability: figures.luck ? figures.luck.hits / figures.luck.simulations : null,
    series: figures.series,
    updatedAt: new Date(),
  };
  await db
    .insert(tipsterRecords)
    .values({ tipsterId, ...row })
    .onConflictDoUpdate({ target: tipsterRecords.tipsterId, set: row });
}

/**
 * Tipsters whose record row is missing or behind their all-time aggregate (tips settled before
 * migration 0009, or by a path that deferred the refresh, like the demo seed): one statement
 * over the all-time rows, then a refresh each.
 */
export async function backfillTipsterRecords(db: DbOrTx): Promise<number> {
  const stale = await db
    .select({ tipsterId: tipsterStats.tipsterId })
    .from(tipsterStats)
    .leftJoin(tipsterRecords, eq(tipsterRecords.tipsterId, tipsterStats.tipsterId))
    .where(
      and(
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME_START),
        sql`${tipsterRecords.settledTips} is distinct from ${tipsterStats.totalTips}`,
      ),
    );
  for (const { tipsterId } of stale) await refreshTipsterRecord(db, tipsterId);
  return stale.length;
}
