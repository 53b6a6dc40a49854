import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { follows, tips, tipsterStats, tipsters } from '../../db/schema';
import { rankingOrder } from '../../db/schema/ranking-order';
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

/** A page of tipsters shuffled by their stable random key and a seed (random=true). */
export function tipstersPageQuery(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  seed: number,
  page: { limit: number; offset: number },
) {
  return db
    .select(tipsterColumns)
    .from(tipsters)
    .leftJoin(tipsterStats, allTimeStatsJoin)
    .where(categoryCondition(category))
    .orderBy(sql`(${tipsters.shuffleKey} # ${seed}::int)`, asc(tipsters.id))
    .limit(page.limit)
    .offset(page.offset);
}

// The ranked part of a list: tipsters with an all-time aggregate row holding a settled tip.
function rankedCondition(category: TipsterCategoryValue | null): SQL | undefined {
  return and(
    eq(tipsterStats.period, 'all'),
    eq(tipsterStats.periodStart, ALL_TIME_START),
    gt(tipsterStats.totalTips, 0),
    category ? eq(tipsterStats.category, category) : undefined,
  );
}

/**
 * A page of the tipsters with a settled tip, in the ranking's order (decision 160, ranking-order.ts):
 * tipster_stats_profit_rank_idx walked from the all-time rows, each joined to its tipster by key.
 */
export function rankedTipstersPageQuery(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  page: { limit: number; offset: number },
) {
  return db
    .select(tipsterColumns)
    .from(tipsterStats)
    .innerJoin(tipsters, eq(tipsters.id, tipsterStats.tipsterId))
    .where(rankedCondition(category))
    .orderBy(...rankingOrder(tipsterStats))
    .limit(page.limit)
    .offset(page.offset);
}

async function countRankedTipsters(db: DbOrTx, category: TipsterCategoryValue | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tipsterStats).where(rankedCondition(category));
  return row.n;
}

/** Tipsters without a settled tip (nothing to rank them by): newest profiles last, by id. */
function unrankedTipstersPageQuery(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  page: { limit: number; offset: number },
) {
  return db
    .select(tipsterColumns)
    .from(tipsters)
    .leftJoin(tipsterStats, allTimeStatsJoin)
    .where(and(categoryCondition(category), sql`coalesce(${tipsterStats.totalTips}, 0) = 0`))
    .orderBy(asc(tipsters.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type TipsterOrder = { by: 'rank' } | { by: 'shuffle'; seed: number };

/**
 * A page of tipsters, shuffled or ranked (decision 160): the ranked ones first, then those without
 * a settled tip. A page inside the ranked part is one statement; the unranked part is read only for
 * a page that reaches past it (and counted only when the page starts past it).
 */
export async function listTipsters(
  db: DbOrTx,
  category: TipsterCategoryValue | null,
  order: TipsterOrder,
  page: { limit: number; offset: number },
): Promise<TipsterRow[]> {
  if (order.by === 'shuffle') return tipstersPageQuery(db, category, order.seed, page);
  const ranked = await rankedTipstersPageQuery(db, category, page);
  if (ranked.length === page.limit) return ranked;
  const rankedTotal =
    ranked.length > 0 ? page.offset + ranked.length : await countRankedTipsters(db, category);
  const rest = await unrankedTipstersPageQuery(db, category, {
    limit: page.limit - ranked.length,
    offset: Math.max(0, page.offset - rankedTotal),
  });
  return [...ranked, ...rest];
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
  | 'closingStatus'
  | 'closingOddsHundredths'
  | 'closingPriceAt'
  | 'clvPpm'
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
      closingStatus: tips.closingStatus,
      closingOddsHundredths: tips.closingOddsHundredths,
      closingPriceAt: tips.closingPriceAt,
      clvPpm: tips.clvPpm,
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

/**
 * A tipster's closing-line figures (decision 155) over the tips that have a closing price: how
 * many, their CLV summed (ppm) and how many beat the fair close. Tips closed without a price, not
 * closed yet, or from before closing prices existed are not in the sample.
 */
export async function clvFiguresOf(
  db: DbOrTx,
  tipsterId: number,
): Promise<{ sample: number; clvPpmSum: number; beatClose: number }> {
  // Settled and open tips apart, each through its partial index by tipster
  // (tips_settled_by_tipster_idx, tips_open_by_tipster_idx): asked in one go, no index covers the
  // tipster's tips, and at 1 M tips the profile read them all (issue #34's bench: 5 s on PostgreSQL).
  const closedTips = (settled: boolean) =>
    db
      .select({ clvPpm: tips.clvPpm })
      .from(tips)
      .where(
        and(
          eq(tips.tipsterId, tipsterId),
          settled ? isNotNull(tips.result) : isNull(tips.result),
          eq(tips.closingStatus, 'closed'),
        ),
      );
  const closed = unionAll(closedTips(true), closedTips(false)).as('closed_tips');
  const [row] = await db
    .select({
      sample: sql<number>`count(*)::int`,
      clvPpmSum: sql<string | null>`sum(${closed.clvPpm})`,
      beatClose: sql<number>`count(*) filter (where ${closed.clvPpm} > 0)::int`,
    })
    .from(closed);
  return {
    sample: Number(row?.sample ?? 0),
    clvPpmSum: Number(row?.clvPpmSum ?? 0),
    beatClose: Number(row?.beatClose ?? 0),
  };
}
