import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PublishTipInput,
  PublishTipResponse,
  TipsterSummaryResponse,
  TipsterTipPage,
} from '@tips/contract/tipster-portal.schemas';
import { apiClient } from '../../../lib/api-client';

const PORTAL_KEY = ['tipster-portal'] as const;
export const MY_TIPS_PAGE_SIZE = 10;

export function useTipsterSummary() {
  return useQuery({
    queryKey: [...PORTAL_KEY, 'summary'],
    queryFn: async () => (await apiClient.get<TipsterSummaryResponse>('/tipster/summary')).data,
  });
}

export function useMyTips(pageNumber: number) {
  return useQuery({
    queryKey: [...PORTAL_KEY, 'tips', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<TipsterTipPage>('/tipster/tips', {
          params: { pageNumber, pageSize: MY_TIPS_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export async function publishTip(body: PublishTipInput): Promise<PublishTipResponse['data']> {
  return (await apiClient.post<PublishTipResponse>('/tipster/tips', body)).data.data;
}

/** Publishes, then refreshes the summary and the list (the new tip and the counts). */
export function usePublishTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTAL_KEY }),
  });
}
