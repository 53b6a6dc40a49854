import type { RankingPeriod } from '@tips/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { builtStatements } from '../../db/built-statements';
import type { DbOrTx } from '../../db/client';
import { tipsterRecords, tipsterStats, tipsters } from '../../db/schema';
import { hasRankingSample, rankingOrder } from '../../db/schema/ranking-order';
import { ALL_TIME_START } from '../tips/stat-periods';
import type { StatsCounts } from '../tips/tipster-figures';
import type { TipsterCategoryValue } from './tipsters.repo';

export interface RankingQuery {
  period: RankingPeriod;
  /** A date ('YYYY-MM-DD'), or a placeholder for it in a statement built once (rankTipsters). */
  periodStart: string | Placeholder;
  /** Categories to rank; 'all' ranks every tipster, the AI tiers included (decision 160). */
  categories: readonly TipsterCategoryValue[] | 'all';
  limit: number;
}

export interface RankedRow extends StatsCounts {
  id: number;
  name: string;
}

/** What every ranking table shows of a tipster: name and the period's figures (RankedRow). */
const RANKED_COLUMNS = {
  id: tipsters.id,
  name: tipsters.name,
  totalTips: tipsterStats.totalTips,
  wins: tipsterStats.wins,
  losses: tipsterStats.losses,
  voids: tipsterStats.voids,
  oddsSumHundredths: tipsterStats.oddsSumHundredths,
  stakedUnits: tipsterStats.stakedUnits,
  profitMilli: tipsterStats.profitMilli,
};

function categoryFilter(categories: RankingQuery['categories']) {
  if (categories === 'all') return undefined;
  return categories.length === 1
    ? eq(tipsterStats.category, categories[0])
    : inArray(tipsterStats.category, [...categories]);
}

/**
 * One ranking table (decision 160), read from the settlement aggregates only (never from tips):
 * tipsters with a settled tip in the window, those with the window's minimum sample first, each
 * group by profit (ranking-order.ts). tipster_stats_profit_rank_idx yields the rows in this order,
 * the category checked on the way, so the walk stops at the table's last row.
 */
export function rankingQuery(db: DbOrTx, query: RankingQuery, tableNo = 0) {
  return db
    .select({
      // A constant, so that several tables can travel in one statement (rankingsQuery).
      tableNo: sql<number>`${sql.raw(String(Math.trunc(tableNo)))}::int`.as('table_no'),
      ranked: sql<boolean>`${hasRankingSample(tipsterStats)}`.as('ranked'),
      ...RANKED_COLUMNS,
    })
    .from(tipsterStats)
    .innerJoin(tipsters, eq(tipsters.id, tipsterStats.tipsterId))
    .where(
      and(
        eq(tipsterStats.period, query.period),
        eq(tipsterStats.periodStart, query.periodStart),
        categoryFilter(query.categories),
        gt(tipsterStats.totalTips, 0),
      ),
    )
    .orderBy(...rankingOrder(tipsterStats))
    .limit(query.limit);
}

/**
 * Several tables in one statement (UNION ALL of rankingQuery, each branch walking the index and
 * stopping at its limit): one round trip instead of one per table, which on PGlite is one pass
 * through the WebAssembly engine instead of five. The outer ORDER BY repeats each branch's order
 * (rankingOrder on the output columns), which UNION ALL alone does not promise to keep.
 */
export function rankingsQuery(db: DbOrTx, queries: readonly RankingQuery[]) {
  const [first, second, ...rest] = queries.map((query, i) => rankingQuery(db, query, i));
  if (!first || !second) throw new Error('rankingsQuery needs at least two tables');
  return unionAll(first, second, ...rest).orderBy(
    sql`"table_no"`,
    sql`"ranked" desc`,
    sql`"profit_milli" desc`,
    sql`"total_tips" desc`,
    sql`"id" asc`,
  );
}

const rankingStatements =
  builtStatements<ReturnType<ReturnType<typeof rankingsQuery>['prepare']>>('rankings');

/**
 * The tables of `queries`, in that order. Built once per set of tables (their periods, categories
 * and sizes), each table's period start a value (decision 186).
 */
export async function rankTipsters(db: DbOrTx, queries: readonly RankingQuery[]): Promise<RankedRow[][]> {
  const shape = queries.map((q) => `${q.period}:${q.categories}:${q.limit}`).join('|');
  const statement = rankingStatements(db, shape, (name) =>
    rankingsQuery(
      db,
      queries.map((query, i) => ({ ...query, periodStart: sql.placeholder(`periodStart${i}`) })),
    ).prepare(name),
  );
  const tables: RankedRow[][] = queries.map(() => []);
  const values = Object.fromEntries(queries.map((query, i) => [`periodStart${i}`, query.periodStart]));
  for (const { tableNo, ranked: _ranked, ...row } of await statement.execute(values)) {
    tables[tableNo].push(row);
  }
  return tables;
}

export interface ProvenRankedRow extends RankedRow {
  luckHits: number;
  luckSimulations: number;
}

/**
 * "Most proven" (decision 076): the tipsters whose all-time record is least likely for a bettor
 * with no edge, from the record rows settlement keeps (tipster_records_luck_idx order). Ties: the
 * larger sample first.
 */
export async function rankMostProven(db: DbOrTx, query: MostProvenQuery): Promise<ProvenRankedRow[]> {
  const shape = `${query.categories}:${query.minSettled}:${query.limit}`;
  const rows = await mostProvenStatements(db, shape, (name) =>
    mostProvenQuery(db, query).prepare(name),
  ).execute();
  return rows.map((row) => ({
    ...row,
    luckHits: row.luckHits ?? 0,
    luckSimulations: row.luckSimulations ?? 1,
  }));
}

interface MostProvenQuery {
  categories: RankingQuery['categories'];
  minSettled: number;
  limit: number;
}

const mostProvenStatements =
  builtStatements<ReturnType<ReturnType<typeof mostProvenQuery>['prepare']>>('most_proven');

function mostProvenQuery(db: DbOrTx, query: MostProvenQuery) {
  // The ten first, walking tipster_records_luck_idx (the category checked per candidate), then their
  // names and all-time figures by primary key. Joined in one go, a prepared statement's generic plan
  // read and sorted every record row (13 ms at 10,000 tipsters).
  const top = db.$with('top').as(
    db
      .select({
        tipsterId: tipsterRecords.tipsterId,
        settledTips: tipsterRecords.settledTips,
        luckProbability: tipsterRecords.luckProbability,
        luckHits: tipsterRecords.luckHits,
        luckSimulations: tipsterRecords.luckSimulations,
      })
      .from(tipsterRecords)
      .where(
        and(
          isNotNull(tipsterRecords.luckProbability),
          gte(tipsterRecords.settledTips, query.minSettled),
          query.categories === 'all'
            ? undefined
            : inArray(
                sql`(select ${tipsters.category} from ${tipsters} where ${tipsters.id} = ${tipsterRecords.tipsterId})`,
                [...query.categories],
              ),
        ),
      )
      .orderBy(
        asc(tipsterRecords.luckProbability),
        desc(tipsterRecords.settledTips),
        asc(tipsterRecords.tipsterId),
      )
      .limit(query.limit),
  );
  return db
    .with(top)
    .select({
      ...RANKED_COLUMNS,
      luckHits: top.luckHits,
      luckSimulations: top.luckSimulations,
    })
    .from(top)
    .innerJoin(tipsters, eq(tipsters.id, top.tipsterId))
    .innerJoin(
      tipsterStats,
      and(
        eq(tipsterStats.tipsterId, top.tipsterId),
        sql`${tipsterStats.period} = 'all'`,
        sql`${tipsterStats.periodStart} = ${sql.raw(`'${ALL_TIME_START}'::date`)}`,
      ),
    )
    .orderBy(asc(top.luckProbability), desc(top.settledTips), asc(top.tipsterId));
}
