import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SaferGamblingState,
  SelfExcludeBody,
  SetSpendingLimitBody,
  StartTimeOutBody,
} from '@tips/contract/safer-gambling.schemas';
import { apiClient } from '../../../lib/api-client';
import { SAFER_GAMBLING_KEY as KEY } from '../../../lib/queries/safer-gambling-query';

export { useSaferGambling } from '../../../lib/queries/safer-gambling-query';

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
