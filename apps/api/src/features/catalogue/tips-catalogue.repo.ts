import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiPicks, aiPlans, tips, tipsterStats, tipsters } from '../../db/schema';
import { hasRankingSample } from '../../db/schema/ranking-order';
import type { TipWithTipster } from '../tips/tip-view';
import { tipWithTipsterColumns } from '../tips/tip-view.repo';

/** Database ids are int4: anything larger cannot exist, and must not reach PostgreSQL as a parameter. */
export const MAX_DB_ID = 2_147_483_647;

export interface OpenTipFilter {
  now: Date;
  tipsType: 'SENIOR' | 'PREMIUM' | null;
  bettingTypes: readonly number[];
  minPriceCents: number;
  maxPriceCents: number;
  /** The kick-off window asked for (issue #30.1: the viewer's today, tomorrow or later). */
  kickOffFrom?: Date | null;
  kickOffTo?: Date | null;
  /** Competitions by the name the tips copied from their fixture (issue #30.1); empty: all. */
  leagues?: readonly string[];
  /** Decimal odds range in hundredths, both ends inclusive. */
  minOddsHundredths?: number | null;
  maxOddsHundredths?: number | null;
}

export type OpenTipOrder =
  | { by: 'kickoff' }
  | { by: 'shuffle'; seed: number }
  | { by: 'priceAsc' }
  | { by: 'priceDesc' }
  | { by: 'record' };

/**
 * "The tipster's proven record" as the tip list sorts by it (issue #30.1): the rankings' measure
 * (decision 160, ranking-order.ts), tipsters with the all-time minimum sample first, then profit in
 * units over every settled tip (tipster_stats' 'all' row), higher first; a tipster without settled
 * tips has no row and comes last. Not a second formula: the rankings' expressions are reused.
 */
const provenRecord = {
  /** What the list's page of ids joins (left: a tipster without a record still lists). */
  table: tipsterStats,
  joinOn: and(eq(tipsterStats.tipsterId, tips.tipsterId), eq(tipsterStats.period, 'all')),
  proven: hasRankingSample({ period: tipsterStats.period, totalTips: tipsterStats.totalTips }),
  measure: tipsterStats.profitMilli,
};

/**
 * Today's tips: published, not settled, kick-off ahead. AI plan tips are sold as plans on their
 * own page (GET /tips/ai) and stay out of this list. Served by the partial indexes on open tips.
 */
function openTipConditions(filter: OpenTipFilter): SQL | undefined {
  return and(
    isNull(tips.result),
    gt(tips.eventTime, filter.now),
    isNull(tips.aiPlanId),
    filter.tipsType ? eq(tips.tipsType, filter.tipsType) : undefined,
    filter.bettingTypes.length > 0 ? inArray(tips.bettingType, [...filter.bettingTypes]) : undefined,
    filter.minPriceCents > 0 ? gte(tips.priceCents, filter.minPriceCents) : undefined,
    lte(tips.priceCents, filter.maxPriceCents),
    filter.kickOffFrom ? gte(tips.eventTime, filter.kickOffFrom) : undefined,
    filter.kickOffTo ? lt(tips.eventTime, filter.kickOffTo) : undefined,
    filter.leagues && filter.leagues.length > 0 ? inArray(tips.league, [...filter.leagues]) : undefined,
    filter.minOddsHundredths ? gte(tips.oddsHundredths, filter.minOddsHundredths) : undefined,
    filter.maxOddsHundredths ? lte(tips.oddsHundredths, filter.maxOddsHundredths) : undefined,
  );
}

/** The queries are exposed as builders too, so that the query-plan bench EXPLAINs exactly them. */
export function openTipsCountQuery(db: DbOrTx, filter: OpenTipFilter) {
  return db.select({ n: count() }).from(tips).where(openTipConditions(filter));
}

export async function countOpenTips(db: DbOrTx, filter: OpenTipFilter): Promise<number> {
  const [row] = await openTipsCountQuery(db, filter);
  return row.n;
}

/**
 * A page of open tips. 'shuffle' orders by each tip's stable random key mixed with a seed: a random
 * order that pages consistently (same seed, same order) without ORDER BY random().
 *
 * A deferred join: the page's ids come from an index-only scan of tips_open_list_idx (which holds
 * the filter columns and the shuffle key), and only those rows are then read with their tipster.
 */
export function openTipsPageQuery(
  db: DbOrTx,
  filter: OpenTipFilter,
  order: OpenTipOrder,
  page: { limit: number; offset: number },
) {
  const ids = db
    .select({ id: tips.id, proven: provenOf(order), rank: rankOf(order) })
    .from(tips)
    .$dynamic();
  // Joined once (a hash join over one row per tipster), not looked up per open tip.
  const joined = order.by === 'record' ? ids.leftJoin(provenRecord.table, provenRecord.joinOn) : ids;
  const pageIds = joined
    .where(openTipConditions(filter))
    .orderBy(...orderOf(order, sql`page_rank`, sql`page_proven`))
    .limit(page.limit)
    .offset(page.offset)
    .as('page_ids');
  return db
    .select(tipWithTipsterColumns)
    .from(pageIds)
    .innerJoin(tips, eq(tips.id, pageIds.id))
    .innerJoin(tipsters, eq(tips.tipsterId, tipsters.id))
    .orderBy(...orderOf(order, pageIds.rank, pageIds.proven));
}

/** The record order's first key (the rankings' minimum sample met), carried out like the rank. */
function provenOf(order: OpenTipOrder) {
  return (order.by === 'record' ? sql<boolean>`${provenRecord.proven}` : sql<boolean>`false`).as(
    'page_proven',
  );
}

/** The order's leading key, carried out of the page's subquery so the outer query keeps its order. */
function rankOf(order: OpenTipOrder) {
  switch (order.by) {
    case 'shuffle':
      return sql<number>`(${tips.shuffleKey} # ${order.seed}::int)`.as('page_rank');
    case 'priceAsc':
    case 'priceDesc':
      return sql<number>`${tips.priceCents}`.as('page_rank');
    case 'record':
      return sql<number>`${provenRecord.measure}`.as('page_rank');
    case 'kickoff':
      return sql<number>`0`.as('page_rank');
  }
}

/** Ties fall back to kick-off, then id, so every order pages consistently. */
function orderOf(order: OpenTipOrder, rank: SQL | SQL.Aliased, proven: SQL | SQL.Aliased) {
  const byKickOff = [asc(tips.eventTime), asc(tips.id)];
  switch (order.by) {
    case 'shuffle':
      return [sql`${rank}`, asc(tips.id)];
    case 'priceAsc':
      return [sql`${rank} asc`, ...byKickOff];
    case 'priceDesc':
      return [sql`${rank} desc`, ...byKickOff];
    case 'record':
      return [sql`${proven} desc nulls last`, sql`${rank} desc nulls last`, ...byKickOff];
    case 'kickoff':
      return byKickOff;
  }
}

export async function listOpenTips(
  db: DbOrTx,
  filter: OpenTipFilter,
  order: OpenTipOrder,
  page: { limit: number; offset: number },
): Promise<TipWithTipster[]> {
  return openTipsPageQuery(db, filter, order, page);
}

/** Tips by id in any state (the cart decides what is still for sale). */
export async function findTipsByIds(db: DbOrTx, ids: readonly number[]): Promise<TipWithTipster[]> {
  const valid = ids.filter((id) => id <= MAX_DB_ID);
  if (valid.length === 0) return [];
  return db
    .select(tipWithTipsterColumns)
    .from(tips)
    .innerJoin(tipsters, eq(tips.tipsterId, tipsters.id))
    .where(inArray(tips.id, valid));
}

/** The paid content of a tip: its selection and the tipster's analysis (decision 141). */
export interface PaidContent {
  selection: string;
  reasoning: string;
  /** The reference price points at the selection, so it travels with it (decision 150). */
  referenceOddsHundredths: number | null;
  referenceBookmaker: string | null;
  referenceSource: string | null;
  referenceAt: Date | null;
}

/** Paid content by tip id, for callers the selection rule has already cleared. */
export async function selectionsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, PaidContent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: tips.id,
      selection: tips.selection,
      reasoning: tips.reasoning,
      referenceOddsHundredths: tips.referenceOddsHundredths,
      referenceBookmaker: tips.referenceBookmaker,
      referenceSource: tips.referenceSource,
      referenceAt: tips.referenceAt,
    })
    .from(tips)
    .where(inArray(tips.id, [...ids]));
  return new Map(rows.map(({ id, ...paid }) => [id, paid]));
}

export type AiPlanRow = typeof aiPlans.$inferSelect;

export async function listAiPlans(db: DbOrTx): Promise<AiPlanRow[]> {
  return db.select().from(aiPlans).orderBy(asc(aiPlans.id));
}

/** The next open tip of each AI plan stream (at most one per ai_plan_id), from the AI plan index. */
export async function nextOpenAiTips(db: DbOrTx, now: Date): Promise<TipWithTipster[]> {
  return db
    .selectDistinctOn([tips.aiPlanId], tipWithTipsterColumns)
    .from(tips)
    .innerJoin(tipsters, eq(tips.tipsterId, tipsters.id))
    .where(and(isNotNull(tips.aiPlanId), isNull(tips.result), gt(tips.eventTime, now)))
    .orderBy(asc(tips.aiPlanId), asc(tips.eventTime), asc(tips.id));
}

/** A tipster per AI category, to name a plan's model when it has no open tip. */
export async function aiTipstersByCategory(
  db: DbOrTx,
  categories: readonly string[],
): Promise<Map<string, { id: number; name: string }>> {
  if (categories.length === 0) return new Map();
  const rows = await db
    .select({ id: tipsters.id, name: tipsters.name, category: tipsters.category })
    .from(tipsters)
    .where(inArray(tipsters.category, categories as Array<(typeof tipsters.$inferSelect)['category']>))
    .orderBy(asc(tipsters.id));
  const byCategory = new Map<string, { id: number; name: string }>();
  for (const row of rows) if (!byCategory.has(row.category)) byCategory.set(row.category, row);
  return byCategory;
}

/** The AI model's probability of each pick (ai_picks), by tip id: its edge at the market's price. */
export async function modelProbabilitiesOf(
  db: DbOrTx,
  tipIds: readonly number[],
): Promise<Map<number, number>> {
  if (tipIds.length === 0) return new Map();
  const rows = await db
    .select({ tipId: aiPicks.tipId, hit: aiPicks.hitProbability })
    .from(aiPicks)
    .where(inArray(aiPicks.tipId, [...tipIds]));
  return new Map(rows.map((r) => [r.tipId, r.hit]));
}
