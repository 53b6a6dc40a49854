import { useQuery } from '@tanstack/react-query';
import type { SaferGamblingState } from '@tips/contract/safer-gambling.schemas';
import { apiClient } from '../api-client';
import { useIsSignedIn } from '../auth-tokens';

/** One cache entry for the member's safer-gambling state: the tools page and every purchase page. */
export const SAFER_GAMBLING_KEY = ['safer-gambling'] as const;

export function useSaferGambling() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: SAFER_GAMBLING_KEY,
    queryFn: async () => (await apiClient.get<{ data: SaferGamblingState }>('/safer-gambling')).data.data,
  });
}
