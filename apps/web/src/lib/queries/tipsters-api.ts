import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { categoryQueryOf, Paged } from '@tips/contract/rules';
import type { RankedTipster } from '@tips/contract/tipsters.schemas';
import { apiClient } from '../api-client';

/** The `category` query value: '' for all (categoryQueryOf). */
export type TipsterCategoryParam = ReturnType<typeof categoryQueryOf>;

export interface TipsterListParams {
  category: TipsterCategoryParam;
  pageSize: number;
  random?: boolean;
}

export async function fetchTipsterPage(
  params: TipsterListParams,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Paged<RankedTipster>> {
  const query: Record<string, string | number> = { pageNumber, pageSize: params.pageSize };
  if (params.category) query.category = params.category;
  if (params.random) query.random = 'true';
  const response = await apiClient.get<Paged<RankedTipster>>('/tipsters', { params: query, signal });
  return response.data;
}

export async function followTipster(tipsterId: number): Promise<void> {
  await apiClient.post(`/tipsters/follow/${tipsterId}`);
}

export async function unfollowTipster(tipsterId: number): Promise<void> {
  await apiClient.delete(`/tipsters/follow/${tipsterId}`);
}

/** Every cached tipster list and profile sits under this key, so a follow can update them all. */
export const tipsterKeys = {
  all: ['tipsters'] as const,
  list: (params: TipsterListParams) => ['tipsters', 'list', params] as const,
  profile: (tipsterId: number) => ['tipsters', 'profile', tipsterId] as const,
};

type WithFollow = { id: number; isFollowed: boolean };

function isTipsterLike(value: unknown): value is WithFollow {
  const item = value as Partial<WithFollow> | null;
  return typeof item?.id === 'number' && typeof item.isFollowed === 'boolean';
}

/** Rewrites `isFollowed` of one tipster wherever it appears: a profile, a page, or pages of a list. */
export function withFollowState(data: unknown, tipsterId: number, isFollowed: boolean): unknown {
  if (Array.isArray(data)) return data.map((item) => withFollowState(item, tipsterId, isFollowed));
  if (isTipsterLike(data)) return data.id === tipsterId ? { ...data, isFollowed } : data;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (Array.isArray(record.pages))
      return { ...record, pages: withFollowState(record.pages, tipsterId, isFollowed) };
    if (Array.isArray(record.data))
      return { ...record, data: withFollowState(record.data, tipsterId, isFollowed) };
  }
  return data;
}

export function setFollowStateInCache(
  queryClient: QueryClient,
  tipsterId: number,
  isFollowed: boolean,
): void {
  queryClient.setQueriesData({ queryKey: tipsterKeys.all }, (data: unknown) =>
    withFollowState(data, tipsterId, isFollowed),
  );
}

/** Follows (true) or unfollows (false); on success the new state shows wherever the tipster is cached. */
export function useFollowTipster(tipsterId: number, onSuccess: (isFollowed: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followTipster(tipsterId) : unfollowTipster(tipsterId)),
    onSuccess: (_result, follow) => {
      setFollowStateInCache(queryClient, tipsterId, follow);
      onSuccess(follow);
    },
  });
}
