import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContactMessagePage,
  AdminContactMessageResponse,
  CONTACT_MESSAGE_STATUSES,
} from '@tips/contract/admin-contact.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

export type ContactStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export function useContactMessages(status: ContactStatus, pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.contact, status, pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AdminContactMessagePage>('/admin/contact-messages', {
          params: { status, pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.post<AdminContactMessageResponse>(`/admin/contact-messages/${id}/handle`)).data.data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.contact }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}
