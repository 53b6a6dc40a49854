import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, UnreadCountResponse } from '@tips/contract/alerts.schemas';
import { apiClient } from '../api-client';
import { useIsSignedIn } from '../auth-tokens';

// The bell's data: shared by the header (shell) and the notifications page (features/alerts).

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (pageNumber: number, pageSize: number) => ['notifications', 'page', pageNumber, pageSize] as const,
};

/** Polled once a minute (and on focus): a new tip shows without a reload. */
export function useUnreadCount() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: notificationKeys.unread,
    queryFn: async () =>
      (await apiClient.get<UnreadCountResponse>('/notifications/unread-count')).data.unread,
    refetchInterval: 60_000,
  });
}

export function useNotifications(pageNumber: number, pageSize: number, enabled = true) {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn && enabled,
    queryKey: notificationKeys.page(pageNumber, pageSize),
    queryFn: async () =>
      (await apiClient.get<NotificationPage>('/notifications', { params: { pageNumber, pageSize } })).data,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | 'all') => {
      await apiClient.post(id === 'all' ? '/notifications/read-all' : `/notifications/${id}/read`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
