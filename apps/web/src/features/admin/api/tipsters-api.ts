import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTipsterPage,
  AdminTipsterResponse,
  TipsterTierInput,
  TipsterTierResponse,
  TipsterUpsertBody,
} from '@tips/contract/admin-tipsters.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

export function useAdminTipsters(q: string, pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.tipsters, q, pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AdminTipsterPage>('/admin/tipsters', {
          params: { q, pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

interface SaveTipsterInput {
  id: number | null;
  body: TipsterUpsertBody;
  photo: File | null;
}

/** Creates or edits the profile, then uploads the photo if one was chosen. */
export async function saveTipster({
  id,
  body,
  photo,
}: SaveTipsterInput): Promise<AdminTipsterResponse['data']> {
  const saved =
    id === null
      ? (await apiClient.post<AdminTipsterResponse>('/admin/tipsters', body)).data.data
      : (await apiClient.put<AdminTipsterResponse>(`/admin/tipsters/${id}`, body)).data.data;
  if (!photo) return saved;
  const form = new FormData();
  form.append('file', photo);
  return (await apiClient.post<AdminTipsterResponse>(`/admin/tipsters/${saved.id}/photo`, form)).data.data;
}

export function useSaveTipster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTipster,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.tipsters }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}

/** Moves a tipster to another tier with a reason (decision 165): audited and emailed by the API. */
export function useSetTipsterTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TipsterTierInput }) =>
      (await apiClient.post<TipsterTierResponse>(`/admin/tipsters/${id}/tier`, body)).data.data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.tipsters }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}
