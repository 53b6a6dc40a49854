import type { categoryQueryOf, Paged, TipListSort } from '@tips/contract/rules';
import type { AiTipsResponse, Tip } from '@tips/contract/tips.schemas';
import { apiClient } from '../api-client';
import { pageDataMayLoad } from '../page-data-hold';

/** The `category` query value: '' = all. */
/** The `category` query value: '' for all (categoryQueryOf). */
export type TipCategoryParam = ReturnType<typeof categoryQueryOf>;

export interface TipListParams {
  category: TipCategoryParam;
  pageSize: number;
  /** Betting-type codes, sent comma-joined (SPEC §7). */
  filters?: readonly number[];
  minPrice?: number;
  maxPrice?: number;
  /** ISO instants: the kick-off window of the viewer's chosen day (issue #30.1). */
  kickOffFrom?: string;
  kickOffTo?: string;
  random?: boolean;
  /** Issue #30.1: competition codes (comma-joined), a decimal odds range, the list's order. */
  competitions?: readonly string[];
  minOdds?: number | null;
  maxOdds?: number | null;
  sort?: TipListSort;
}

/** The query string of GET /tips; empty values are left out so the API applies its defaults. */
export function tipListQuery(params: TipListParams, pageNumber: number): Record<string, string | number> {
  const query: Record<string, string | number> = { pageNumber, pageSize: params.pageSize };
  if (params.category) query.category = params.category;
  if (params.filters && params.filters.length > 0) query.filters = params.filters.join(',');
  if (params.minPrice !== undefined) query.minPrice = params.minPrice;
  if (params.maxPrice !== undefined) query.maxPrice = params.maxPrice;
  if (params.random) query.random = 'true';
  if (params.kickOffFrom) query.kickOffFrom = params.kickOffFrom;
  if (params.kickOffTo) query.kickOffTo = params.kickOffTo;
  if (params.competitions && params.competitions.length > 0)
    query.competitions = params.competitions.join(',');
  if (params.minOdds != null) query.minOdds = params.minOdds;
  if (params.maxOdds != null) query.maxOdds = params.maxOdds;
  // By kick-off is the API's own order: left out, so the SPEC's request stays as it was.
  if (params.sort && params.sort !== 'kickoff') query.sort = params.sort;
  return query;
}

export async function fetchTipPage(
  params: TipListParams,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Paged<Tip>> {
  const response = await apiClient.get<Paged<Tip>>('/tips', {
    params: tipListQuery(params, pageNumber),
    signal,
  });
  return response.data;
}

export async function fetchAiTips(signal?: AbortSignal): Promise<AiTipsResponse['aiTips']> {
  await pageDataMayLoad();
  const response = await apiClient.get<AiTipsResponse>('/tips/ai', { signal });
  return response.data.aiTips;
}

export const tipKeys = {
  all: ['tips'] as const,
  list: (params: TipListParams) => ['tips', 'list', params] as const,
  ai: ['tips', 'ai'] as const,
};
