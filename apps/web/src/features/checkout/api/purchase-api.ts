import { useMutation } from '@tanstack/react-query';
import type {
  BuyTipsResponse,
  ManualRequestResponse,
  PurchaseRequestBody,
} from '@tips/contract/commerce.schemas';
import type { AiPlanChoice } from '@tips/contract/rules';
import { apiClient } from '../../../lib/api-client';
import { cartBody } from '../../../lib/queries/payments-api';

// The checkout's two purchases besides the card provider's button. Bodies carry tip ids only: the
// server prices everything (ARCHITECTURE, Payments).

async function buyTipsWithCredits(cart: {
  tipIds: readonly number[];
  plans: readonly AiPlanChoice[];
}): Promise<BuyTipsResponse> {
  const response = await apiClient.post<BuyTipsResponse>('/tips/buy', cartBody(cart.tipIds, cart.plans));
  return response.data;
}

async function requestTipsPurchase(body: PurchaseRequestBody): Promise<ManualRequestResponse> {
  const response = await apiClient.post<ManualRequestResponse>('/tips/purchase', body);
  return response.data;
}

/** POST /tips/buy: pays the cart with site credits. */
export function useBuyTipsWithCredits() {
  return useMutation({ mutationFn: buyTipsWithCredits });
}

/** POST /tips/purchase: a manual payment request; the instructions arrive by email. */
export function useRequestTipsPurchase() {
  return useMutation({ mutationFn: requestTipsPurchase });
}
