import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { earningsEntries, entitlements, tips, tipsterStats, tipsters } from '../../db/schema';
import { ALL_TIME_START } from './stat-periods';
import type { TipWithTipster } from './tip-view';
import { tipWithTipsterColumns } from './tip-view.repo';

export type TipsterRow = typeof tipsters.$inferSelect;
export type TipRow = typeof tips.$inferSelect;
export type NewTipRow = typeof tips.$inferInsert;

/** Sales are purchases; admin grants and plan deliveries are not. */
const PAID_SOURCES = ['credits', 'paypal', 'manual'] as const;

export async function findTipsterOfUser(db: DbOrTx, userId: number): Promise<TipsterRow | undefined> {
  const [row] = await db.select().from(tipsters).where(eq(tipsters.userId, userId)).limit(1);
  return row;
}

/**
 * One pick per market (decision 114): locks the tipster's row, so two publishes of one tipster
 * queue up and the second sees the first, then says whether the tipster already has an open tip
 * on the fixture in one of `bettingTypes` (the market's types).
 */
export async function hasOpenTipInMarket(
  tx: DbOrTx,
  pick: { tipsterId: number; fixtureId: number; bettingTypes: readonly number[] },
): Promise<boolean> {
  await tx.select({ id: tipsters.id }).from(tipsters).where(eq(tipsters.id, pick.tipsterId)).for('update');
  const [open] = await tx
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        eq(tips.tipsterId, pick.tipsterId),
        eq(tips.fixtureId, pick.fixtureId),
        inArray(tips.bettingType, [...pick.bettingTypes]),
        isNull(tips.result),
      ),
    )
    .limit(1);
  return open !== undefined;
}

export async function insertTip(tx: DbOrTx, values: NewTipRow): Promise<TipRow> {
  const [row] = await tx.insert(tips).values(values).returning();
  return row;
}

// Per tip: the paid entitlements, and the tipster's net share of its sales in the earnings ledger
// (decision 170: after the platform's commission and any take-back).
const salesCount = sql<number>`(select count(*)::int from ${entitlements} e
  where e.tip_id = ${tips.id} and e.source in ('credits', 'paypal', 'manual'))`;
const earningsCents = sql<number>`(select coalesce(sum(ee.tipster_cents), 0)::int
  from ${earningsEntries} ee where ee.tip_id = ${tips.id})`;

export interface OwnTipRow extends TipWithTipster {
  salesCount: number;
  earningsCents: number;
}

export async function listOwnTips(
  db: DbOrTx,
  tipsterId: number,
  status: 'all' | 'open' | 'settled',
  page: { limit: number; offset: number },
): Promise<{ rows: OwnTipRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(tips.tipsterId, tipsterId),
    status === 'open' ? isNull(tips.result) : status === 'settled' ? isNotNull(tips.result) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...tipWithTipsterColumns, salesCount, earningsCents })
      .from(tips)
      .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
      .where(where)
      .orderBy(desc(tips.eventTime), desc(tips.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tips).where(where),
  ]);
  return { rows, total };
}

export interface TipsterTotals {
  tipsPublished: number;
  openTips: number;
  salesCount: number;
  earningsCents: number;
}

export async function tipsterTotals(db: DbOrTx, tipsterId: number): Promise<TipsterTotals> {
  const [[tipCounts], [sales], [earned]] = await Promise.all([
    db
      .select({
        tipsPublished: sql<number>`count(*)::int`,
        openTips: sql<number>`(count(*) filter (where ${tips.result} is null))::int`,
      })
      .from(tips)
      .where(eq(tips.tipsterId, tipsterId)),
    db
      .select({
        salesCount: sql<number>`count(*)::int`,
      })
      .from(entitlements)
      .innerJoin(tips, eq(tips.id, entitlements.tipId))
      .where(and(eq(tips.tipsterId, tipsterId), inArray(entitlements.source, [...PAID_SOURCES]))),
    // The net share of every sale (decision 170), payouts aside.
    db
      .select({ earningsCents: sql<number>`coalesce(sum(${earningsEntries.tipsterCents}), 0)::int` })
      .from(earningsEntries)
      .where(and(eq(earningsEntries.tipsterId, tipsterId), isNotNull(earningsEntries.tipId))),
  ]);
  return { ...tipCounts, ...sales, ...earned };
}

export async function allTimeStats(db: DbOrTx, tipsterId: number) {
  const [row] = await db
    .select({
      totalTips: tipsterStats.totalTips,
      wins: tipsterStats.wins,
      losses: tipsterStats.losses,
      voids: tipsterStats.voids,
      oddsSumHundredths: tipsterStats.oddsSumHundredths,
      stakedUnits: tipsterStats.stakedUnits,
      profitMilli: tipsterStats.profitMilli,
    })
    .from(tipsterStats)
    .where(
      and(
        eq(tipsterStats.tipsterId, tipsterId),
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME_START),
      ),
    );
  return row;
}

export async function findTipsterById(db: DbOrTx, tipsterId: number): Promise<TipsterRow | undefined> {
  const [row] = await db.select().from(tipsters).where(eq(tipsters.id, tipsterId)).limit(1);
  return row;
}
