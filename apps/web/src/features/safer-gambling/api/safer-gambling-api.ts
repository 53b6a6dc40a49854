import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SaferGamblingState,
  SelfExcludeBody,
  SetSpendingLimitBody,
  StartTimeOutBody,
} from '@tips/contract/safer-gambling.schemas';
import { apiClient } from '../../../lib/api-client';
import { useIsSignedIn } from '../../../lib/auth-tokens';

const KEY = ['safer-gambling'] as const;

export function useSaferGambling() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: KEY,
    queryFn: async () => (await apiClient.get<{ data: SaferGamblingState }>('/safer-gambling')).data.data,
  });
}

/** Each tool answers with the new state, which replaces the cached one. */
function useSaferGamblingMutation<Body>(method: 'put' | 'post', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) =>
      (await apiClient[method]<{ data: SaferGamblingState }>(path, body)).data.data,
    onSuccess: (state) => queryClient.setQueryData(KEY, state),
  });
}

export const useSetLimit = () =>
  useSaferGamblingMutation<SetSpendingLimitBody>('put', '/safer-gambling/limits');
export const useStartTimeOut = () =>
  useSaferGamblingMutation<StartTimeOutBody>('post', '/safer-gambling/time-out');
export const useSelfExclude = () =>
  useSaferGamblingMutation<SelfExcludeBody>('post', '/safer-gambling/self-exclusion');
