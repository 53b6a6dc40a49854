import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderPage, AdminOrderResponse } from '@tips/contract/admin-orders.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

export function usePendingOrders(pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.orders, 'PENDING', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AdminOrderPage>('/admin/orders', {
          params: { status: 'PENDING', pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

type OrderDecision =
  | { orderId: string; decision: 'confirm' }
  | { orderId: string; decision: 'reject'; reason: string };

export async function decideOrder(input: OrderDecision): Promise<AdminOrderResponse['data']> {
  const url = `/admin/orders/${input.orderId}/${input.decision}`;
  const body = input.decision === 'reject' ? { reason: input.reason } : undefined;
  return (await apiClient.post<AdminOrderResponse>(url, body)).data.data;
}

export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.orders }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}
