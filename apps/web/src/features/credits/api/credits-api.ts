import { useMutation } from '@tanstack/react-query';
import type { CreditRequestBody } from '@tips/contract/commerce.schemas';
import { apiClient } from '../../../lib/api-client';

async function requestCredits(body: CreditRequestBody): Promise<void> {
  await apiClient.post('/credits/request', body);
}

/** POST /credits/request: credits paid by a manual method; the instructions arrive by email. */
export function useRequestCredits() {
  return useMutation({ mutationFn: requestCredits });
}
