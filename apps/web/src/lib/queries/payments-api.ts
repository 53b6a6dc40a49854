import type {
  CaptureCreditsResponse,
  CaptureTipsResponse,
  OrderIdResponse,
} from '@tips/contract/commerce.schemas';
import { apiClient } from '../api-client';

// The card provider's orders, used by the pay buttons in components/payments. Bodies carry tip ids and credit counts only: the server prices everything (ARCHITECTURE, Payments).

export async function createTipsOrder(tipIds: readonly number[]): Promise<string> {
  const response = await apiClient.post<OrderIdResponse>('/tips/purchase/paypal', { cart: tipIds });
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
