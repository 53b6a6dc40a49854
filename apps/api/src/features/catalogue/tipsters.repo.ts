import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { follows, tips, tipsterStats, tipsters } from '../../db/schema';
import { ALL_TIME_START } from '../tips/stat-periods';
import type { TipWithTipster } from '../tips/tip-view';
import { tipWithTipsterColumns } from '../tips/tip-view.repo';
import type { StatsCounts } from '../tips/tipster-figures';

export type TipsterCategoryValue = (typeof tipsters.$inferSelect)['category'];

export interface TipsterRow extends StatsCounts {
  id: number;
  name: string;
  category: TipsterCategoryValue;
  location: string;
  bio: string;
  profileImage: string | null;
  lastResults: boolean[];
}

// The all-time aggregate row, joined by its primary key; a tipster with no settled tip has none.
const allTimeStatsJoin = and(
  eq(tipsterStats.tipsterId, tipsters.id),
  eq(tipsterStats.period, 'all'),
  eq(tipsterStats.periodStart, ALL_TIME_START),
);

const tipsterColumns = {
  id: tipsters.id,
  name: tipsters.name,
  category: tipsters.category,
  location: tipsters.location,
  bio: tipsters.bio,
  profileImage: tipsters.profileImage,
  lastResults: tipsters.lastResults,
  totalTips: sql<number>`coalesce(${tipsterStats.totalTips}, 0)`.mapWith(Number),
  wins: sql<number>`coalesce(${tipsterStats.wins}, 0)`.mapWith(Number),
  losses: sql<number>`coalesce(${tipsterStats.losses}, 0)`.mapWith(Number),
  voids: sql<number>`coalesce(${tipsterStats.voids}, 0)`.mapWith(Number),
  oddsSumHundredths: sql<number>`coalesce(${tipsterStats.oddsSumHundredths}, 0)`.mapWith(Number),
  stakedUnits: sql<number>`coalesce(${tipsterStats.stakedUnits}, 0)`.mapWith(Number),
  profitMilli: sql<number>`coalesce(${tipsterStats.profitMilli}, 0)`.mapWith(Number),
};

function categoryCondition(category: TipsterCategoryValue | null): SQL | undefined {
  return category ? eq(tipsters.category, category) : undefined;
}

export async function countTipsters(db: DbOrTx, category: TipsterCategoryValue | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tipsters).where(categoryCondition(category));
  return row.n;
}

export type TipsterOrder = { by: 'id' } | { by: 'shuffle'; seed: number };

/** A page of tipsters (by id, or shuffled by their stable random key and a seed). */
export function tipstersPageQuery(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  order: TipsterOrder,
  page: { limit: number; offset: number },
) {
  const orderBy =
    order.by === 'shuffle'
      ? [sql`(${tipsters.shuffleKey} # ${order.seed}::int)`, asc(tipsters.id)]
      : [asc(tipsters.id)];
  return db
    .select(tipsterColumns)
    .from(tipsters)
    .leftJoin(tipsterStats, allTimeStatsJoin)
    .where(categoryCondition(category))
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export async function listTipsters(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  order: TipsterOrder,
  page: { limit: number; offset: number },
): Promise<TipsterRow[]> {
  return tipstersPageQuery(db, category, order, page);
}

export async function findTipster(db: DbOrTx, id: number): Promise<TipsterRow | null> {
  const [row] = await db
    .select(tipsterColumns)
    .from(tipsters)
    .leftJoin(tipsterStats, allTimeStatsJoin)
    .where(eq(tipsters.id, id));
  return row ?? null;
}

export async function tipsterExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: tipsters.id }).from(tipsters).where(eq(tipsters.id, id));
  return row !== undefined;
}

/** Which of `tipsterIds` the user follows. */
export async function followedTipsterIds(
  db: DbOrTx,
  userId: number,
  tipsterIds: readonly number[],
): Promise<Set<number>> {
  if (tipsterIds.length === 0) return new Set();
  const rows = await db
    .select({ tipsterId: follows.tipsterId })
    .from(follows)
    .where(and(eq(follows.userId, userId), inArray(follows.tipsterId, [...tipsterIds])));
  return new Set(rows.map((r) => r.tipsterId));
}

/** A profile shows at most this many active tips (the soonest kick-offs). */
export const PROFILE_ACTIVE_TIPS_MAX = 50;

/** The tipster's open tips with kick-off ahead, soonest first (partial index on open tips by tipster). */
export function activeTipsQuery(db: DbOrTx, tipsterId: number, now: Date) {
  return db
    .select(tipWithTipsterColumns)
    .from(tips)
    .innerJoin(tipsters, eq(tips.tipsterId, tipsters.id))
    .where(and(eq(tips.tipsterId, tipsterId), isNull(tips.result), gt(tips.eventTime, now)))
    .orderBy(asc(tips.eventTime), asc(tips.id))
    .limit(PROFILE_ACTIVE_TIPS_MAX);
}

export async function activeTipsOf(db: DbOrTx, tipsterId: number, now: Date): Promise<TipWithTipster[]> {
  return activeTipsQuery(db, tipsterId, now);
}

export interface RecordFilter {
  tipsterId: number;
  bettingType: number | undefined;
  /** Kick-off at or after this instant; undefined = all history. */
  since: Date | undefined;
}

function recordConditions(filter: RecordFilter): SQL | undefined {
  return and(
    eq(tips.tipsterId, filter.tipsterId),
    isNotNull(tips.result),
    filter.since ? gte(tips.eventTime, filter.since) : undefined,
    filter.bettingType !== undefined ? eq(tips.bettingType, filter.bettingType) : undefined,
  );
}

export function recordsCountQuery(db: DbOrTx, filter: RecordFilter) {
  return db.select({ n: count() }).from(tips).where(recordConditions(filter));
}

export async function countRecords(db: DbOrTx, filter: RecordFilter): Promise<number> {
  const [row] = await recordsCountQuery(db, filter);
  return row.n;
}

export type RecordRow = Pick<
  typeof tips.$inferSelect,
  | 'id'
  | 'eventTime'
  | 'homeTeam'
  | 'awayTeam'
  | 'bettingType'
  | 'selection'
  | 'reasoning'
  | 'oddsHundredths'
  | 'result'
  | 'outcome'
  | 'resultDetails'
  | 'fixtureId'
  | 'stake'
  | 'referenceOddsHundredths'
  | 'referenceBookmaker'
  | 'referenceSource'
  | 'referenceAt'
>;

/** Settled tips, newest kick-off first (partial index on settled tips by tipster). */
export function recordsPageQuery(db: DbOrTx, filter: RecordFilter, page: { limit: number; offset: number }) {
  return db
    .select({
      id: tips.id,
      eventTime: tips.eventTime,
      homeTeam: tips.homeTeam,
      awayTeam: tips.awayTeam,
      bettingType: tips.bettingType,
      selection: tips.selection,
      reasoning: tips.reasoning,
      oddsHundredths: tips.oddsHundredths,
      result: tips.result,
      outcome: tips.outcome,
      resultDetails: tips.resultDetails,
      fixtureId: tips.fixtureId,
      stake: tips.stake,
      referenceOddsHundredths: tips.referenceOddsHundredths,
      referenceBookmaker: tips.referenceBookmaker,
      referenceSource: tips.referenceSource,
      referenceAt: tips.referenceAt,
    })
    .from(tips)
    .where(recordConditions(filter))
    .orderBy(desc(tips.eventTime), desc(tips.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function listRecords(
  db: DbOrTx,
  filter: RecordFilter,
  page: { limit: number; offset: number },
): Promise<RecordRow[]> {
  return recordsPageQuery(db, filter, page);
}
