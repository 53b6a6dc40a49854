import {
  and,
  asc,
  eq,
  fillPlaceholders,
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
import { builtStatements } from '../../db/built-statements';
import type { DbOrTx } from '../../db/client';
import { aiPicks, aiPlans, tips, tipsterStats, tipsters } from '../../db/schema';
import { hasRankingSample } from '../../db/schema/ranking-order';
import type { TipViewRow, TipWithTipster } from '../tips/tip-view';
import { tipViewColumns, tipWithTipsterColumns } from '../tips/tip-view.repo';
import { countableByHours, type OpenTipFilter, openTipTotal, wholeHoursOf } from './open-tip-total.repo';

/** Database ids are int4: anything larger cannot exist, and must not reach PostgreSQL as a parameter. */
export const MAX_DB_ID = 2_147_483_647;

export type { OpenTipFilter } from './open-tip-total.repo';

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

/** A statement's parameter: the open-tip statements are prepared once per shape (see below). */
const param = sql.placeholder;

/**
 * Today's tips: published, not settled, kick-off ahead. AI plan tips are sold as plans on their
 * own page (GET /tips/ai) and stay out of this list. Served by the partial indexes on open tips.
 * Which conditions apply depends on the filter; their values are the statement's parameters
 * (openTipParams), so one statement text serves every filter of the same shape.
 */
function openTipConditions(filter: OpenTipFilter): SQL | undefined {
  return and(
    isNull(tips.result),
    gt(tips.eventTime, param('now')),
    isNull(tips.aiPlanId),
    filter.tipsType ? eq(tips.tipsType, param('tipsType')) : undefined,
    filter.bettingTypes.length > 0
      ? sql`${tips.bettingType} = any(${param('bettingTypes')}::int[])`
      : undefined,
    filter.minPriceCents > 0 ? gte(tips.priceCents, param('minPriceCents')) : undefined,
    lte(tips.priceCents, param('maxPriceCents')),
    filter.kickOffFrom ? gte(tips.eventTime, param('kickOffFrom')) : undefined,
    filter.kickOffTo ? lt(tips.eventTime, param('kickOffTo')) : undefined,
    filter.leagues && filter.leagues.length > 0
      ? sql`${tips.league} = any(${param('leagues')}::text[])`
      : undefined,
    filter.minOddsHundredths ? gte(tips.oddsHundredths, param('minOddsHundredths')) : undefined,
    filter.maxOddsHundredths ? lte(tips.oddsHundredths, param('maxOddsHundredths')) : undefined,
  );
}

/** The values of openTipConditions' parameters, the page's and the shuffle's seed. */
function openTipParams(filter: OpenTipFilter, order: OpenTipOrder, page: OpenTipPage) {
  return {
    now: filter.now,
    tipsType: filter.tipsType,
    bettingTypes: filter.bettingTypes,
    minPriceCents: filter.minPriceCents,
    maxPriceCents: filter.maxPriceCents,
    kickOffFrom: filter.kickOffFrom,
    kickOffTo: filter.kickOffTo,
    leagues: filter.leagues,
    minOddsHundredths: filter.minOddsHundredths,
    maxOddsHundredths: filter.maxOddsHundredths,
    ...wholeHoursOf(filter),
    seed: order.by === 'shuffle' ? order.seed : 0,
    limit: page.limit,
    offset: page.offset,
  };
}

/** Which conditions and which order a statement has: one prepared statement per shape. */
function shapeOf(filter: OpenTipFilter, order: OpenTipOrder): string {
  return [
    order.by,
    countableByHours(filter) ? 'h' : '',
    filter.tipsType ? 't' : '',
    filter.bettingTypes.length > 0 ? 'b' : '',
    filter.minPriceCents > 0 ? 'p' : '',
    filter.kickOffFrom ? 'f' : '',
    filter.kickOffTo ? 'u' : '',
    filter.leagues && filter.leagues.length > 0 ? 'l' : '',
    filter.minOddsHundredths ? 'o' : '',
    filter.maxOddsHundredths ? 'O' : '',
  ].join('');
}

export interface OpenTipPage {
  limit: number;
  offset: number;
}

/**
 * A page of open tips and how many match, in one statement (one round trip: on a busy server the
 * second query's network write and wake-up cost as much as building the page, decision 186).
 * 'shuffle' orders by each tip's stable random key mixed with a seed: a random order that pages
 * consistently (same seed, same order) without ORDER BY random().
 *
 * A deferred join: the page's ids come from an index-only scan of tips_open_list_idx (which holds
 * the filter columns and the shuffle key), and only those rows are then read with their tipster;
 * the total is a count over tips_open_count_idx. The total's one row is the driving side, so a
 * page past the end still answers with the total (and a row whose tip is null).
 */
export function openTipsPageWithTotalQuery(db: DbOrTx, filter: OpenTipFilter, order: OpenTipOrder) {
  const total = openTipTotal(db, filter, openTipConditions(filter));
  const ids = db
    .select({ id: tips.id, proven: provenOf(order), rank: rankOf(order) })
    .from(tips)
    .$dynamic();
  // Joined once (a hash join over one row per tipster), not looked up per open tip.
  const joined = order.by === 'record' ? ids.leftJoin(provenRecord.table, provenRecord.joinOn) : ids;
  const pageIds = joined
    .where(openTipConditions(filter))
    .orderBy(...orderOf(order, sql`page_rank`, sql`page_proven`))
    .limit(param('limit'))
    .offset(param('offset'))
    .as('page_ids');
  return db
    .with(total)
    .select({ total: sql<number>`${total.n}`.mapWith(Number), ...tipViewColumns })
    .from(total)
    .leftJoin(pageIds, sql`true`)
    .leftJoin(tips, eq(tips.id, pageIds.id))
    .leftJoin(tipsters, eq(tips.tipsterId, tipsters.id))
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
      return sql<number>`(${tips.shuffleKey} # ${param('seed')}::int)`.as('page_rank');
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

/** At most 5 orders × 2^8 filter shapes exist. */
const openTipsStatements =
  builtStatements<ReturnType<ReturnType<typeof openTipsPageWithTotalQuery>['prepare']>>('open_tips');

function openTipsStatement(db: DbOrTx, filter: OpenTipFilter, order: OpenTipOrder) {
  return openTipsStatements(db, shapeOf(filter, order), (name) =>
    openTipsPageWithTotalQuery(db, filter, order).prepare(name),
  );
}

/** A page of today's open tips and the number of all that match the filter. */
export async function listOpenTips(
  db: DbOrTx,
  filter: OpenTipFilter,
  order: OpenTipOrder,
  page: OpenTipPage,
): Promise<{ totalItems: number; rows: TipViewRow[] }> {
  const result = await openTipsStatement(db, filter, order).execute(openTipParams(filter, order, page));
  const rows: TipViewRow[] = [];
  for (const { tip, tipster } of result) if (tip && tipster) rows.push({ tip, tipster });
  return { totalItems: result[0]?.total ?? 0, rows };
}

/** The statement with these values, as the benches time and EXPLAIN it. */
export function openTipsStatementSql(
  db: DbOrTx,
  filter: OpenTipFilter,
  order: OpenTipOrder,
  page: OpenTipPage,
): { toSQL(): { sql: string; params: unknown[] } } {
  const { sql: text, params } = openTipsPageWithTotalQuery(db, filter, order).toSQL();
  const filled = fillPlaceholders(params, openTipParams(filter, order, page));
  return { toSQL: () => ({ sql: text, params: filled }) };
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

/** The AI model's edge of each pick at the tip's odds (ai_picks.model_edge), by tip id; null when not recorded. */
export async function modelEdgesOf(
  db: DbOrTx,
  tipIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (tipIds.length === 0) return new Map();
  const rows = await db
    .select({ tipId: aiPicks.tipId, edge: aiPicks.modelEdge })
    .from(aiPicks)
    .where(inArray(aiPicks.tipId, [...tipIds]));
  return new Map(rows.map((r) => [r.tipId, r.edge]));
}
