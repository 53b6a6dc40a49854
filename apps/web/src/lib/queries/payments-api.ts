import type {
  CaptureCreditsResponse,
  CaptureTipsResponse,
  OrderIdResponse,
} from '@tips/contract/commerce.schemas';
import type { AiPlanChoice } from '@tips/contract/rules';
import { apiClient } from '../api-client';

/** A cart as request bodies carry it: `plans` only when a line is bought as another plan. */
export function cartBody(tipIds: readonly number[], plans: readonly AiPlanChoice[] = []) {
  return plans.length > 0 ? { cart: [...tipIds], plans: [...plans] } : { cart: [...tipIds] };
}

// The card provider's orders, used by the pay buttons in components/payments. Bodies carry tip ids and credit counts only: the server prices everything (ARCHITECTURE, Payments).

export async function createTipsOrder(
  tipIds: readonly number[],
  plans: readonly AiPlanChoice[] = [],
): Promise<string> {
  const response = await apiClient.post<OrderIdResponse>('/tips/purchase/paypal', cartBody(tipIds, plans));
  return response.data.orderId;
}

export async function captureTipsOrder(orderId: string): Promise<number[]> {
  const response = await apiClient.post<CaptureTipsResponse>('/tips/paypal/capture', { orderId });
  return response.data.tipIds;
}

export async function createCreditsOrder(credits: number): Promise<string> {
  const response = await apiClient.post<OrderIdResponse>('/credits/buy', { Credits: credits });
  return response.data.orderId;
}

/** Returns the new balance in credits. */
export async function captureCreditsOrder(orderId: string): Promise<number> {
  const response = await apiClient.post<CaptureCreditsResponse>('/credits/paypal/capture-payment', {
    orderId,
  });
  return response.data.balance;
}
