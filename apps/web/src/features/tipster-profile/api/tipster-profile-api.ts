import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@tips/contract/rules';
import type { RecordPage } from '@tips/contract/tips.schemas';
import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { apiClient } from '../../../lib/api-client';
// The profile's hero is drawn from its data (a taller box than its placeholder: the page's largest
// paint waits for the answer), so the HTTP client loads with this page rather than at the first
// request (lib/api-client.ts); on the list pages the hero does not wait for data.
import '../../../lib/axios-client';
import { tipsterKeys } from '../../../lib/queries/tipsters-api';

/** Route ids are strings; anything but a positive integer is no tipster at all. */
export function parseTipsterId(raw: string): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export async function fetchTipsterProfile(tipsterId: number, signal?: AbortSignal): Promise<TipsterProfile> {
  const response = await apiClient.get<TipsterProfile>(`/tipsters/profile/${tipsterId}`, { signal });
  return response.data;
}

export function useTipsterProfile(tipsterId: number | null) {
  return useQuery({
    queryKey: tipsterKeys.profile(tipsterId ?? 0),
    queryFn: ({ signal }) => fetchTipsterProfile(tipsterId ?? 0, signal),
    enabled: tipsterId !== null,
  });
}

/** The records modal's filters (SPEC §2): month 1–6 = the last n months, 0 = all history. */
export interface RecordFilters {
  month: number;
  /** 0 = every betting type. */
  bettingType: number;
}

export async function fetchRecordPage(
  tipsterId: number,
  filters: RecordFilters,
  pageNumber: number,
  pageSize: number = PAGE_SIZES.records,
  signal?: AbortSignal,
): Promise<RecordPage> {
  const params: Record<string, number> = { pageNumber, pageSize, month: filters.month };
  if (filters.bettingType) params.bettingType = filters.bettingType;
  const response = await apiClient.get<RecordPage>(`/tipsters/records/${tipsterId}`, { params, signal });
  return response.data;
}

export const recordKeys = {
  list: (tipsterId: number, filters: RecordFilters) => ['tipster-records', tipsterId, filters] as const,
};
