import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AiPlanChoice, formatAiPlanChoices } from '@tips/contract/rules';
import type { CartResponse } from '@tips/contract/tips.schemas';
import { apiClient } from '../../../lib/api-client';

export const CART_QUERY_KEY = ['tips', 'cart'] as const;

/**
 * GET /tips/cart?tipIds=…&plans=…: the cart's tips that can be bought now (each line as the plan
 * it is bought as), and the ids that cannot.
 */
export async function fetchCartTips(
  tipIds: readonly number[],
  plans: readonly AiPlanChoice[] = [],
): Promise<CartResponse> {
  if (tipIds.length === 0) return { data: [], unavailableIds: [], unavailable: [] };
  const params = {
    tipIds: tipIds.join(','),
    ...(plans.length > 0 ? { plans: formatAiPlanChoices(plans) } : {}),
  };
  const response = await apiClient.get<CartResponse>('/tips/cart', { params });
  return response.data;
}

export function useCartTips(tipIds: readonly number[], plans: readonly AiPlanChoice[] = []) {
  // Sorted so that the same set of ids shares one cache entry.
  const key = [...tipIds].sort((a, b) => a - b);
  const planKey = formatAiPlanChoices([...plans].sort((a, b) => a.tipId - b.tipId));
  return useQuery({
    queryKey: [...CART_QUERY_KEY, key, planKey],
    queryFn: () => fetchCartTips(key, plans),
    // Removing a row must not flash the whole table back to skeletons.
    placeholderData: keepPreviousData,
  });
}
