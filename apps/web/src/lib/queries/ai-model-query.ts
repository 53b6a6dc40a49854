import { useQuery } from '@tanstack/react-query';
import type { AiModelFigures } from '@tips/contract/ai-model.schemas';
import { apiClient } from '../api-client';
import { pageDataMayLoad } from '../page-data-hold';

/** GET /api/ai-model: the AI tiers' recorded backtest and live record (issue #17). */
export async function fetchAiModelFigures(signal?: AbortSignal): Promise<AiModelFigures> {
  await pageDataMayLoad();
  const response = await apiClient.get<AiModelFigures>('/ai-model', { signal });
  return response.data;
}

export function useAiModelFigures() {
  return useQuery({
    queryKey: ['ai-model'],
    queryFn: ({ signal }) => fetchAiModelFigures(signal),
    staleTime: 60_000,
  });
}
