import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tipsterStats, tipsters } from '../../db/schema';
import type { StatsCounts } from './tipster-figures';
import type { TipsterCategoryValue } from './tipsters.repo';

export interface RankingQuery {
  period: 'all' | 'month' | 'week';
  periodStart: string;
  categories: readonly TipsterCategoryValue[];
  /** Fewest decided (won or lost) tips in the window to be ranked. */
  minDecided: number;
  limit: number;
}

export interface RankedRow extends StatsCounts {
  id: number;
  name: string;
}

/**
 * One ranking table, read from the settlement aggregates only (never from tips): the
 * (period, period_start, category, hit_rate_bp desc) index yields rows in hit-rate order.
 * Ties: more wins, then more tips, then the older tipster.
 */
export function rankingQuery(db: DbOrTx, query: RankingQuery) {
  return db
    .select({
      id: tipsters.id,
      name: tipsters.name,
      totalTips: tipsterStats.totalTips,
      wins: tipsterStats.wins,
      losses: tipsterStats.losses,
      voids: tipsterStats.voids,
      oddsSumHundredths: tipsterStats.oddsSumHundredths,
    })
    .from(tipsterStats)
    .innerJoin(tipsters, eq(tipsters.id, tipsterStats.tipsterId))
    .where(
      and(
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

export async function rankTipsters(db: DbOrTx, query: RankingQuery): Promise<RankedRow[]> {
  return rankingQuery(db, query);
}
