import { type ReactNode, useDeferredValue } from 'react';
import type { LoadMoreQuery } from '../../lib/use-load-more-query';
import { ListError } from './list-states';
import { LoadMoreButton } from './load-more-button';

interface LoadMoreListProps<T extends { id: number }> {
  list: LoadMoreQuery<T>;
  /** Placeholders while the first page loads: as many as a page holds, so nothing moves. */
  skeletonCount: number;
  skeleton: ReactNode;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * SPEC §2 lists (today's tips, tipsters): skeletons, then the items with 'Load more...', or an
 * error with a retry, or the empty state.
 */
export function LoadMoreList<T extends { id: number }>({
  list,
  skeletonCount,
  skeleton,
  empty,
  renderItem,
}: LoadMoreListProps<T>) {
  // The items render in a background pass that yields to the browser every few milliseconds: a
  // page of cards rendered at once was a long task when the data arrived (issue #32.3). Until that
  // pass has the first page, the placeholders stay.
  const items = useDeferredValue(list.items);
  const isCatchingUp = items.length === 0 && list.items.length > 0;
  if (list.isPending || isCatchingUp) {
    return (
      <ul className="flex flex-col gap-4">
        {Array.from({ length: skeletonCount }, (_, index) => (
          // Keys no item id can take: with bare indexes the item whose id is 1 took over the second
          // placeholder's <li>, which then "moved" to the top, a layout shift of 0.17 on /tipsters
          // at 375 px (issue #32). New elements in place of the placeholders are no shift.
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={`placeholder-${index}`}>{skeleton}</li>
        ))}
      </ul>
    );
  }
  if (list.isError) return <ListError onRetry={list.retry} />;
  if (items.length === 0) return empty;
  return (
    <>
      <ul className="flex flex-col gap-4">
        {items.map((item, index) => (
          <li key={item.id}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <LoadMoreButton list={list} />
    </>
  );
}
