import { useQuery } from '@tanstack/react-query';
import type { StatisticsResponse } from '@tips/contract/tipsters.schemas';
import { apiClient } from '../../../lib/api-client';
import { pageDataMayLoad } from '../../../lib/page-data-hold';

export async function fetchStatistics(signal?: AbortSignal): Promise<StatisticsResponse> {
  await pageDataMayLoad();
  const response = await apiClient.get<StatisticsResponse>('/tipsters/statistics', { signal });
  return response.data;
}

export function useStatistics() {
  return useQuery({ queryKey: ['tipster-statistics'], queryFn: ({ signal }) => fetchStatistics(signal) });
}

/** SPEC §2/§3: the five tables (and "most proven", decision 076), in order, with their response keys (`topMonthySeniors` sic). */
export const STATISTICS_TABLES = [
  { key: 'topTipstersAllTime', titleKey: 'statisticsPage.tables.allTime' },
  { key: 'topMonthlyPremiums', titleKey: 'statisticsPage.tables.premiumMonth' },
  { key: 'topWeeklyPremiums', titleKey: 'statisticsPage.tables.premiumWeek' },
  { key: 'topMonthySeniors', titleKey: 'statisticsPage.tables.seniorMonth' },
  { key: 'topWeeklySeniors', titleKey: 'statisticsPage.tables.seniorWeek' },
  // Issue #18: all time, ordered by how unlikely the record is for a bettor with no edge.
  { key: 'mostProven', titleKey: 'unitsRecord.mostProven' },
] as const satisfies ReadonlyArray<{ key: keyof StatisticsResponse; titleKey: string }>;
