import { RANKING_MIN_SETTLED } from '@tips/contract/rules';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Rankings by proven profit (decision 160), written once: the index on tipster_stats and every
 * query that ranks (the five statistics tables, the tipster lists) use these expressions, so a
 * change of rule (CLV joining profit, say) is one change here and one migration for the index.
 *
 * Order: has the window's minimum sample (RANKING_MIN_SETTLED, a constant in the text so that the
 * index expression matches), profit in milli-units, settled tips, tipster id. All descending but
 * the id, which breaks ties in favour of the older tipster.
 */
export function hasRankingSample(columns: { period: AnyColumn | SQL; totalTips: AnyColumn | SQL }): SQL {
  const min = RANKING_MIN_SETTLED;
  return sql`(${columns.totalTips} >= case ${columns.period} when 'all' then ${sql.raw(String(min.all))} when 'month' then ${sql.raw(String(min.month))} else ${sql.raw(String(min.week))} end)`;
}

/** The ranking's ORDER BY over tipster_stats rows of one window (the index's order after period keys). */
export function rankingOrder(columns: {
  period: AnyColumn;
  totalTips: AnyColumn;
  profitMilli: AnyColumn;
  tipsterId: AnyColumn;
}): SQL[] {
  return [
    sql`${hasRankingSample(columns)} desc`,
    sql`${columns.profitMilli} desc`,
    sql`${columns.totalTips} desc`,
    sql`${columns.tipsterId} asc`,
  ];
}
