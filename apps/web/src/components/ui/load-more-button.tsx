import { useTranslation } from 'react-i18next';
import type { LoadMoreQuery } from '../../lib/use-load-more-query';
import { Button } from './button';
import { ChevronDownIcon } from './icons';

interface LoadMoreButtonProps {
  /** The growing list (useLoadMoreQuery): whether there is more, loading, failed, counts. */
  list: Pick<
    LoadMoreQuery<unknown>,
    'hasMore' | 'isLoadingMore' | 'isLoadMoreError' | 'loadMore' | 'items' | 'totalItems'
  >;
  /** 'Load more...' (SPEC §2 lists) or 'Load more' (records modal). */
  labelKey?: 'list.loadMore' | 'list.loadMoreShort';
}

/**
 * SPEC §2/§4: appends the next page; visible while the current page is below the total pages.
 * How many items are shown is announced politely after each load.
 */
export function LoadMoreButton({ list, labelKey = 'list.loadMore' }: LoadMoreButtonProps) {
  const { hasMore, isLoadingMore: isLoading, isLoadMoreError: hasFailed, loadMore: onLoadMore } = list;
  const shownCount = list.items.length;
  const totalCount = list.totalItems;
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 pt-2">
      <p className="sr-only" aria-live="polite">
        {shownCount > 0 ? t('list.showing', { shown: shownCount, total: totalCount }) : ''}
      </p>
      {hasFailed ? (
        <p role="alert" className="text-sm font-medium text-loss">
          {t('list.loadMoreFailed')}
        </p>
      ) : null}
      {hasMore ? (
        <Button
          variant="secondary"
          onClick={onLoadMore}
          isLoading={isLoading}
          icon={isLoading ? undefined : <ChevronDownIcon className="size-4.5" />}
          className="min-w-48"
        >
          {t(labelKey)}
        </Button>
      ) : null}
    </div>
  );
}
