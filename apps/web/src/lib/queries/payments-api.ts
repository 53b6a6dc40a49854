import type {
  BuyTipsResponse,
  CaptureCreditsResponse,
  CaptureTipsResponse,
  CreditRequestBody,
  OrderIdResponse,
  PurchaseRequestBody,
} from '@tips/contract/commerce.schemas';
import { apiClient } from '../api-client';

// Bodies carry tip ids and credit counts only: the server prices everything (ARCHITECTURE, Payments).

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

export async function buyTipsWithCredits(tipIds: readonly number[]): Promise<BuyTipsResponse> {
  const response = await apiClient.post<BuyTipsResponse>('/tips/buy', { cart: tipIds });
  return response.data;
}

export async function requestTipsPurchase(body: PurchaseRequestBody): Promise<void> {
  await apiClient.post('/tips/purchase', body);
}

export async function requestCredits(body: CreditRequestBody): Promise<void> {
  await apiClient.post('/credits/request', body);
}
