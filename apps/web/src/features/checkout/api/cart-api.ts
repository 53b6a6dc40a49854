import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@tips/contract/tips.schemas';
import { apiClient } from '../../../lib/api-client';

export const CART_QUERY_KEY = ['tips', 'cart'] as const;

/** GET /tips/cart?tipIds=…: the cart's tips that can be bought now, and the ids that cannot. */
export async function fetchCartTips(tipIds: readonly number[]): Promise<CartResponse> {
  if (tipIds.length === 0) return { data: [], unavailableIds: [], unavailable: [] };
  const response = await apiClient.get<CartResponse>('/tips/cart', { params: { tipIds: tipIds.join(',') } });
  return response.data;
}

export function useCartTips(tipIds: readonly number[]) {
  // Sorted so that the same set of ids shares one cache entry.
  const key = [...tipIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...CART_QUERY_KEY, key],
    queryFn: () => fetchCartTips(key),
    // Removing a row must not flash the whole table back to skeletons.
    placeholderData: keepPreviousData,
  });
}
