import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, PlatformRevenueResponse } from '@tips/contract/earnings.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

interface AdminPayoutPage {
  data: AdminPayout[];
  totalPages: number;
}

/** Every payout, newest first (the queue: requested and held ones wait at the top). */
export function useAdminPayouts(pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.payouts, pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AdminPayoutPage>('/admin/payouts', {
          params: { pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function usePlatformRevenue() {
  return useQuery({
    queryKey: [...ADMIN_KEYS.payouts, 'revenue'],
    queryFn: async () => (await apiClient.get<PlatformRevenueResponse>('/admin/revenue')).data.data,
  });
}

type PayoutAction = { id: number; action: 'hold'; reason: string } | { id: number; action: 'release' };

export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PayoutAction) =>
      (
        await apiClient.post<{ data: AdminPayout }>(
          `/admin/payouts/${input.id}/${input.action}`,
          input.action === 'hold' ? { reason: input.reason } : undefined,
        )
      ).data.data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.payouts }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}
