import {
  LEADERBOARD_MIN_SETTLED,
  type Luck,
  milliToUnits,
  type RankingPeriod,
  type StatisticsResponse,
  StatisticsResponseSchema,
  type StatisticsRow,
  yieldPercent,
} from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ALL_TIME_START, monthStart, weekStart } from '../tips/stat-periods';
import { averageOdds, hitRatePercent } from '../tips/tipster-figures';
import type { CatalogueCache } from './catalogue-cache';
import { EncodedJson, encodeJson } from './encoded-json';
import { luckOf } from './profile-units';
import { type RankedRow, type RankingQuery, rankMostProven, rankTipsters } from './statistics.repo';

/**
 * Who appears, and in which order (decision 160): every tipster with a settled tip in the table's
 * window, those with the window's minimum sample (RANKING_MIN_SETTLED) first, each group by profit
 * in units. The all-time table and "most proven" rank every tipster, the AI tiers included; the
 * premium and senior tables their category.
 */
export const RANKING_SIZE = 10;

export function toStatisticsRow(row: RankedRow): StatisticsRow {
  return {
    id: row.id,
    name: row.name,
    totalTips: row.totalTips,
    averageOdds: averageOdds(row.oddsSumHundredths, row.totalTips),
    winPercentage: hitRatePercent(row.wins, row.losses),
    wins: row.wins,
    fails: row.losses,
    profit: milliToUnits(row.profitMilli),
    yield: yieldPercent(row.profitMilli, row.stakedUnits),
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;

export function createStatisticsService({
  db,
  clock,
  cache,
}: {
  db: DbOrTx;
  clock: Clock;
  cache: CatalogueCache;
}) {
  async function load(month: string, week: string): Promise<StatisticsResponse> {
    const table = (
      period: RankingPeriod,
      periodStart: string,
      categories: RankingQuery['categories'],
    ): RankingQuery => ({ period, periodStart, categories, limit: RANKING_SIZE });
    const proven = rankMostProven(db, {
      categories: 'all',
      minSettled: LEADERBOARD_MIN_SETTLED,
      limit: RANKING_SIZE,
    });
    const [topTipstersAllTime, topMonthlyPremiums, topWeeklyPremiums, topMonthySeniors, topWeeklySeniors] = (
      await rankTipsters(db, [
        table('all', ALL_TIME_START, 'all'),
        table('month', month, ['PREMIUM']),
        table('week', week, ['PREMIUM']),
        table('month', month, ['SENIOR']),
        table('week', week, ['SENIOR']),
      ])
    ).map((rows) => rows.map(toStatisticsRow));
    const mostProven = (await proven).map((row) => ({
      ...toStatisticsRow(row),
      luck: luckOf(row.luckHits, row.luckSimulations) as Luck,
    }));
    return {
      topTipstersAllTime,
      topMonthlyPremiums,
      topWeeklyPremiums,
      topMonthySeniors,
      topWeeklySeniors,
      mostProven,
    };
  }

  return {
    /**
     * GET /tipsters/statistics: five tables of up to 10 (and "most proven", decision 076), this month and this ISO week in UTC. The
     * same for every caller, so cached encoded.
     */
    async statistics(): Promise<EncodedJson> {
      const now = clock.now();
      const month = monthStart(now);
      const week = weekStart(now);
      const json = await cache.getOrLoad(`stats:${month}:${week}`, async () =>
        encodeJson(StatisticsResponseSchema, await load(month, week)),
      );
      return new EncodedJson(json);
    },
  };
}
