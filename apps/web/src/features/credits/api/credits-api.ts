import { useMutation } from '@tanstack/react-query';
import type { CreditRequestBody, ManualRequestResponse } from '@tips/contract/commerce.schemas';
import { apiClient } from '../../../lib/api-client';

async function requestCredits(body: CreditRequestBody): Promise<ManualRequestResponse> {
  const response = await apiClient.post<ManualRequestResponse>('/credits/request', body);
  return response.data;
}

/** POST /credits/request: credits paid by a manual method; the instructions arrive by email. */
export function useRequestCredits() {
  return useMutation({ mutationFn: requestCredits });
}
