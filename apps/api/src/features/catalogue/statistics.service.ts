import {
  LEADERBOARD_MIN_SETTLED,
  type Luck,
  milliToUnits,
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
import type { TipsterCategoryValue } from './tipsters.repo';

export const RANKING_SIZE = 10;

/**
 * Who may appear in a table: at least this many decided (won or lost) tips with kick-off in the
 * window, so that one lucky tip does not top a table. Voids do not count towards it, as they do
 * not count in the hit rate the tables rank by.
 */
export const RANKING_MIN_DECIDED = { all: 10, month: 3, week: 2 } as const;

// The tables rank people: the AI tiers are products with published win rates and stay out.
const HUMAN_CATEGORIES: readonly TipsterCategoryValue[] = ['SENIOR', 'PREMIUM'];

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
      period: 'all' | 'month' | 'week',
      periodStart: string,
      categories: readonly TipsterCategoryValue[],
    ): RankingQuery => ({
      period,
      periodStart,
      categories,
      minDecided: RANKING_MIN_DECIDED[period],
      minSettledAllTime: LEADERBOARD_MIN_SETTLED,
      limit: RANKING_SIZE,
    });
    const proven = rankMostProven(db, {
      categories: HUMAN_CATEGORIES,
      minSettled: LEADERBOARD_MIN_SETTLED,
      limit: RANKING_SIZE,
    });
    const [topTipstersAllTime, topMonthlyPremiums, topWeeklyPremiums, topMonthySeniors, topWeeklySeniors] = (
      await rankTipsters(db, [
        table('all', ALL_TIME_START, HUMAN_CATEGORIES),
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
