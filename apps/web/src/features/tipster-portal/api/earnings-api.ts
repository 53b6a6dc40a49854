import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EarningEntryPage,
  EarningsBreakdownResponse,
  PayoutPage,
  PayoutResponse,
  TipsterEarningsResponse,
} from '@tips/contract/earnings.schemas';
import { apiClient } from '../../../lib/api-client';

const EARNINGS_KEY = ['tipster-portal', 'earnings'] as const;
export const ENTRIES_PAGE_SIZE = 10;
export const PAYOUTS_PAGE_SIZE = 10;

export function useEarnings() {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'summary'],
    queryFn: async () => (await apiClient.get<TipsterEarningsResponse>('/tipster/earnings')).data.data,
  });
}

export function useEarningsBreakdown() {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'breakdown'],
    queryFn: async () =>
      (await apiClient.get<EarningsBreakdownResponse>('/tipster/earnings/breakdown')).data.data,
  });
}

export function useEarningEntries(pageNumber: number) {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'entries', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<EarningEntryPage>('/tipster/earnings/entries', {
          params: { pageNumber, pageSize: ENTRIES_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayouts(pageNumber: number) {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'payouts', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<PayoutPage>('/tipster/payouts', {
          params: { pageNumber, pageSize: PAYOUTS_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Saves the PayPal address, then refreshes the figures (which carry it). */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paypalEmail: string) =>
      (await apiClient.put<{ data: { paypalEmail: string } }>('/tipster/payout-account', { paypalEmail }))
        .data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}

/** Requests a payout, then refreshes the figures, the entries and the history. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      (await apiClient.post<PayoutResponse>('/tipster/payouts', { amount })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}

/** Downloads a month's statement (the request needs the bearer token, so not a plain link). */
export async function downloadStatement(month: string): Promise<void> {
  const response = await apiClient.get<Blob>('/tipster/earnings/statement', {
    params: { month },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `earnings-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
