import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '@tips/contract/admin-audit.schemas';
import type {
  BackofficeTipPage,
  CorrectTipBody,
  MatchScore,
  SettleMatchBody,
  SettleMatchResponse,
  SettleTipBody,
  SettleTipResponse,
  SuggestResultResponse,
  UnsettledMatchesResponse,
} from '@tips/contract/settlement.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE } from './admin-keys';

export function useUnsettledTips(pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.settlement, 'tips', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<BackofficeTipPage>('/admin/tips/unsettled', {
          params: { pageNumber, pageSize: ADMIN_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useUnsettledMatches() {
  return useQuery({
    queryKey: [...ADMIN_KEYS.settlement, 'matches'],
    queryFn: async () =>
      (await apiClient.get<UnsettledMatchesResponse>('/admin/matches/unsettled')).data.data,
  });
}

/** The latest settlements, from the audit log (the API has no list of settled tips). */
export function useRecentSettlements() {
  return useQuery({
    queryKey: [...ADMIN_KEYS.settlement, 'recent'],
    queryFn: async () =>
      (await apiClient.get<AuditPage>('/admin/audit', { params: { action: 'tip.settle', pageSize: 10 } }))
        .data.data,
  });
}

export async function settleTip(tipId: number, body: SettleTipBody): Promise<SettleTipResponse> {
  return (await apiClient.post<SettleTipResponse>(`/admin/tips/${tipId}/settle`, body)).data;
}

export async function correctTip(tipId: number, body: CorrectTipBody): Promise<SettleTipResponse> {
  return (await apiClient.post<SettleTipResponse>(`/admin/tips/${tipId}/correct`, body)).data;
}

export async function suggestResult(tipId: number, score: MatchScore): Promise<SuggestResultResponse> {
  return (await apiClient.post<SuggestResultResponse>(`/admin/tips/${tipId}/suggest-result`, { score })).data;
}

export async function settleMatch(body: SettleMatchBody): Promise<SettleMatchResponse> {
  return (await apiClient.post<SettleMatchResponse>('/admin/matches/settle', body)).data;
}

function useInvalidateSettlement() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.settlement }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
    ]);
}

export function useSettleTip() {
  const invalidate = useInvalidateSettlement();
  return useMutation({
    mutationFn: ({ tipId, body }: { tipId: number; body: SettleTipBody }) => settleTip(tipId, body),
    onSuccess: invalidate,
  });
}

export function useCorrectTip() {
  const invalidate = useInvalidateSettlement();
  return useMutation({
    mutationFn: ({ tipId, body }: { tipId: number; body: CorrectTipBody }) => correctTip(tipId, body),
    onSuccess: invalidate,
  });
}

export function useSettleMatch() {
  const invalidate = useInvalidateSettlement();
  return useMutation({ mutationFn: settleMatch, onSuccess: invalidate });
}
