import { and, asc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
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
      referenceFairPpm: tips.referenceFairPpm,
    })
    .from(tips)
    .where(and(eq(tips.tipsterId, tipsterId), isNotNull(tips.result)))
    .orderBy(asc(tips.eventTime), asc(tips.id));
  return rows;
}

/**
 * Marks the tipster's record row stale, inside a settlement's or correction's transaction
 * (decision 107): one UPDATE by primary key, atomic with the result. A tipster without a row yet is
 * stale anyway (no row while the all-time aggregate has tips). The settling statement does the
 * same in a CTE (settle-tip.repo.ts); corrections call this.
 */
export async function markTipsterRecordChanged(db: DbOrTx, tipsterId: number): Promise<void> {
  await db
    .update(tipsterRecords)
    .set({ changes: sql`${tipsterRecords.changes} + 1` })
    .where(eq(tipsterRecords.tipsterId, tipsterId));
}

/**
 * Recomputes one tipster's order-dependent figures and luck (decisions 075, 076) from their
 * settled tips and writes the whole row in one statement, so a reader sees the figures of one
 * refresh with their own counts, never a mix (decision 107). Runs after the settlement commits
 * (outside its transaction) and in the worker that repairs stale rows.
 *
 * The row's `changes` is read before the tips: every settlement counted in it had committed, so the
 * tips read next include it, and the row is stored as refreshed up to that count. A refresh that
 * read an older count never overwrites a newer one; a settlement that commits meanwhile leaves the
 * row stale for the next refresh.
 */
export async function refreshTipsterRecord(db: DbOrTx, tipsterId: number): Promise<void> {
  const [current] = await db
    .select({ changes: tipsterRecords.changes })
    .from(tipsterRecords)
    .where(eq(tipsterRecords.tipsterId, tipsterId));
  const changes = current?.changes ?? 0;
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
    refreshedChanges: changes,
    updatedAt: new Date(),
  };
  await db
    .insert(tipsterRecords)
    .values({ tipsterId, changes, ...row })
    .onConflictDoUpdate({
      target: tipsterRecords.tipsterId,
      set: row,
      setWhere: sql`${tipsterRecords.refreshedChanges} <= ${changes}`,
    });
}

/**
 * Tipsters whose record row is stale: missing or behind their all-time aggregate (tips settled
 * before migration 0009, by the demo seed, or a first settlement whose refresh did not happen), or
 * changed since its last refresh (a settlement or correction whose refresh after the commit failed
 * or has not run yet). One statement over the all-time rows.
 */
export async function staleTipsterRecords(db: DbOrTx, limit?: number): Promise<number[]> {
  const query = db
    .select({ tipsterId: tipsterStats.tipsterId })
    .from(tipsterStats)
    .leftJoin(tipsterRecords, eq(tipsterRecords.tipsterId, tipsterStats.tipsterId))
    .where(
      and(
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME_START),
        or(
          sql`${tipsterRecords.settledTips} is distinct from ${tipsterStats.totalTips}`,
          ne(tipsterRecords.changes, tipsterRecords.refreshedChanges),
        ),
      ),
    )
    .orderBy(asc(tipsterStats.tipsterId));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => r.tipsterId);
}

/**
 * Refreshes every stale record row (start-up, the end of the demo seed, and the record refresher
 * worker, which repairs a row whose refresh after the commit never ran).
 */
export async function backfillTipsterRecords(
  db: DbOrTx,
  isStopped: () => boolean = () => false,
): Promise<number> {
  const stale = await staleTipsterRecords(db);
  let refreshed = 0;
  for (const tipsterId of stale) {
    if (isStopped()) break;
    await refreshTipsterRecord(db, tipsterId);
    refreshed++;
  }
  return refreshed;
}
