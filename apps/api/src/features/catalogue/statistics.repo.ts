import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { tipsterRecords, tipsterStats, tipsters } from '../../db/schema';
import { ALL_TIME_START } from '../tips/stat-periods';
import type { StatsCounts } from '../tips/tipster-figures';
import type { TipsterCategoryValue } from './tipsters.repo';

export interface RankingQuery {
  period: 'all' | 'month' | 'week';
  periodStart: string;
  categories: readonly TipsterCategoryValue[];
  /** Fewest decided (won or lost) tips in the window to be ranked. */
  minDecided: number;
  /** Fewest settled tips all time (the tipster's sample) to appear at all (decision 075). */
  minSettledAllTime?: number;
  limit: number;
}

const allTime = alias(tipsterStats, 'all_time');

export interface RankedRow extends StatsCounts {
  id: number;
  name: string;
}

/**
 * One ranking table, read from the settlement aggregates only (never from tips): the
 * (period, period_start, category, hit_rate_bp desc) index yields rows in hit-rate order.
 * Ties: more wins, then more tips, then the older tipster.
 */
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

export function rankingQuery(db: DbOrTx, query: RankingQuery, tableNo = 0) {
  return db
    .select({
      // A constant, so that several tables can travel in one statement (rankingsQuery).
      tableNo: sql<number>`${sql.raw(String(Math.trunc(tableNo)))}::int`.as('table_no'),
      hitRateBp: tipsterStats.hitRateBp,
      ...RANKED_COLUMNS,
    })
    .from(tipsterStats)
    .innerJoin(tipsters, eq(tipsters.id, tipsterStats.tipsterId))
    .where(
      and(
        // The minimum sample applies to every table: the tipster's all-time row, read by its primary
        // key for each candidate as the ranking index is walked. A filter, not a join: joined, the
        // planner started from every all-time row and sorted them all (60–80 ms at 10,000 tipsters);
        // filtered, the walk stops at the table's tenth row. The all-time key is a constant in the
        // text, not a parameter: a prepared statement's generic plan would otherwise look the row up
        // by walking the ranking index (20 ms at 10,000 tipsters) instead of the primary key.
        query.minSettledAllTime
          ? sql`(select ${allTime.totalTips} from ${tipsterStats} as ${allTime}
                where ${allTime.tipsterId} = ${tipsterStats.tipsterId} and ${allTime.period} = 'all'
                  and ${allTime.periodStart} = ${sql.raw(`'${ALL_TIME_START}'::date`)}) >= ${query.minSettledAllTime}`
          : undefined,
        eq(tipsterStats.period, query.period),
        eq(tipsterStats.periodStart, query.periodStart),
        query.categories.length === 1
          ? eq(tipsterStats.category, query.categories[0])
          : inArray(tipsterStats.category, [...query.categories]),
        gte(sql`${tipsterStats.wins} + ${tipsterStats.losses}`, query.minDecided),
      ),
    )
    .orderBy(
      desc(tipsterStats.hitRateBp),
      desc(tipsterStats.wins),
      desc(tipsterStats.totalTips),
      asc(tipsterStats.tipsterId),
    )
    .limit(query.limit);
}

/**
 * Several tables in one statement (UNION ALL of rankingQuery, each branch walking the index and
 * stopping at its limit): one round trip instead of one per table, which on PGlite is one pass
 * through the WebAssembly engine instead of five. The outer ORDER BY repeats each branch's order,
 * which UNION ALL alone does not promise to keep.
 */
export function rankingsQuery(db: DbOrTx, queries: readonly RankingQuery[]) {
  const [first, second, ...rest] = queries.map((query, i) => rankingQuery(db, query, i));
  if (!first || !second) throw new Error('rankingsQuery needs at least two tables');
  return unionAll(first, second, ...rest).orderBy(
    sql`"table_no"`,
    sql`"hit_rate_bp" desc`,
    sql`"wins" desc`,
    sql`"total_tips" desc`,
    sql`"id" asc`,
  );
}

/** The tables of `queries`, in that order. */
export async function rankTipsters(db: DbOrTx, queries: readonly RankingQuery[]): Promise<RankedRow[][]> {
  const tables: RankedRow[][] = queries.map(() => []);
  for (const { tableNo, hitRateBp: _rank, ...row } of await rankingsQuery(db, queries)) {
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
export async function rankMostProven(
  db: DbOrTx,
  query: { categories: readonly TipsterCategoryValue[]; minSettled: number; limit: number },
): Promise<ProvenRankedRow[]> {
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
          inArray(
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
  const rows = await db
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
  return rows.map((row) => ({
    ...row,
    luckHits: row.luckHits ?? 0,
    luckSimulations: row.luckSimulations ?? 1,
  }));
}
