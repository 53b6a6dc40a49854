import { useQuery } from '@tanstack/react-query';
import type { RecordExport } from '@tips/contract/record-verify';
import { apiClient } from '../../../lib/api-client';

/** The tipster's whole chain as the API exports it (with the caller's view of each pick). */
export async function fetchRecordExport(tipsterId: number, signal?: AbortSignal): Promise<RecordExport> {
  const response = await apiClient.get<RecordExport>(`/tipsters/${tipsterId}/record`, { signal });
  return response.data;
}

export function useRecordExport(tipsterId: number | null) {
  return useQuery({
    queryKey: ['tipster-record-export', tipsterId ?? 0],
    queryFn: ({ signal }) => fetchRecordExport(tipsterId ?? 0, signal),
    enabled: tipsterId !== null,
    // A verification is of the chain as it is now: never an old copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Where the browser downloads the same export as a file. */
export function recordDownloadUrl(tipsterId: number, format: 'json' | 'csv'): string {
  return `/api/tipsters/${tipsterId}/record?format=${format}`;
}
