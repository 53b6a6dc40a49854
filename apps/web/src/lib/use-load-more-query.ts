import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@tips/contract/rules';
import { useMemo } from 'react';
import { pageDataMayLoad } from './page-data-hold';

export type FetchPage<T> = (pageNumber: number, signal: AbortSignal) => Promise<Paged<T>>;

/** SPEC §4: 'Load more' stays while the current page is below the total pages. */
export function nextPageOf(page: Pick<Paged<unknown>, 'currentPage' | 'totalPages'>): number | undefined {
  return page.currentPage < page.totalPages ? page.currentPage + 1 : undefined;
}

/** What a list page renders from (LoadMoreList). */
export interface LoadMoreQuery<T> {
  items: T[];
  totalItems: number;
  isPending: boolean;
  /** The first page failed (a failed later page keeps the items: isLoadMoreError). */
  isError: boolean;
  isLoadMoreError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * A paged list that grows with 'Load more...'. Items are de-duplicated by id: tips published
 * between two page loads shift the offsets, and a repeated item would break React's keys.
 */
export function useLoadMoreQuery<T extends { id: number }>(
  queryKey: QueryKey,
  fetchPage: FetchPage<T>,
): LoadMoreQuery<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      await pageDataMayLoad();
      return fetchPage(pageParam, signal);
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    const list: T[] = [];
    for (const item of pages?.flatMap((page) => page.data) ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      list.push(item);
    }
    return list;
  }, [pages]);
  return {
    items,
    totalItems: pages?.[pages.length - 1]?.totalItems ?? 0,
    isPending: query.isPending,
    isError: query.isError && !pages,
    isLoadMoreError: query.isFetchNextPageError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
