import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustCreditsBody,
  AdjustCreditsResponse,
  AdminUserDetailResponse,
  AdminUserPage,
  AdminUserResponse,
} from '@tips/contract/admin-users.schemas';
import type { SaferGamblingState } from '@tips/contract/safer-gambling.schemas';
import type { Role } from '@tips/contract/users.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

export function useUserSearch(q: string, pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.users, 'search', q, pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AdminUserPage>('/admin/users', {
          params: { q, pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userId: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.users, 'detail', userId],
    queryFn: async () => (await apiClient.get<AdminUserDetailResponse>(`/admin/users/${userId}`)).data.data,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.tipsters }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
    ]);
}

export function useSetRoles(userId: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (roles: Role[]) =>
      (await apiClient.put<AdminUserResponse>(`/admin/users/${userId}/roles`, { roles })).data.data,
    onSuccess: invalidate,
  });
}

export function useLinkTipster(userId: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (tipsterId: number | null) =>
      (await apiClient.put<AdminUserResponse>(`/admin/users/${userId}/tipster`, { tipsterId })).data.data,
    onSuccess: invalidate,
  });
}

export function useAdjustCredits(userId: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (body: AdjustCreditsBody) =>
      (await apiClient.post<AdjustCreditsResponse>(`/admin/users/${userId}/credits`, body)).data,
    onSuccess: invalidate,
  });
}

/** A user's safer-gambling state, read only: admins cannot lift a self-exclusion (decision 087). */
export function useUserSaferGambling(userId: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.users, 'safer-gambling', userId],
    queryFn: async () =>
      (await apiClient.get<{ data: SaferGamblingState }>(`/admin/users/${userId}/safer-gambling`)).data.data,
  });
}
