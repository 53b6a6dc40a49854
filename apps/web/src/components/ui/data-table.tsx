import { type ReactNode, useSyncExternalStore } from 'react';
import { cx } from '../../lib/cx';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';
import { Skeleton } from './skeleton';

const WIDE_QUERY = '(min-width: 768px)';

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia?.(WIDE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True from the md breakpoint (768 px) up, where tables have room; below it they become cards. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia?.(WIDE_QUERY).matches ?? true,
    () => true,
  );
}

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the table cell (alignment, width). */
  className?: string;
}

export interface DataTableLabels {
  error: string;
  retry: string;
  empty: string;
  loading: string;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  labels: DataTableLabels;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** Buttons for one row: the last table column, the foot of a card. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: ReactNode;
  /** The heading of a row's card on phones; defaults to the first column. */
  cardTitle?: (row: T) => ReactNode;
}

/** What a query says about its table: loading until its first answer, an error with a retry. */
export function queryStates(query: {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}): Pick<DataTableProps<unknown>, 'isLoading' | 'isError' | 'onRetry'> {
  return { isLoading: query.isPending, isError: query.isError, onRetry: () => void query.refetch() };
}

function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/**
 * A list of records with its loading, error and empty states: a table from 768 px up, a stack of
 * cards below (one label–value list per row), so nothing scrolls sideways on a phone.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  labels,
  isLoading,
  isError,
  onRetry,
  actions,
  actionsHeader,
  cardTitle,
}: DataTableProps<T>) {
  const isWide = useIsWide();
  if (isLoading && !rows) return <LoadingRows label={labels.loading} />;
  if (isError && !rows) {
    return (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title={labels.error}
        action={
          onRetry ? (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {labels.retry}
            </Button>
          ) : null
        }
      />
    );
  }
  if (!rows || rows.length === 0) return <EmptyState title={labels.empty} className="py-8" />;

  if (!isWide) {
    const [first, ...rest] = columns;
    const bodyColumns = cardTitle ? columns : rest;
    return (
      <ul aria-label={caption} className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-card border border-line bg-panel p-4">
            <div className="font-semibold text-ink">{cardTitle ? cardTitle(row) : first?.cell(row)}</div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {bodyColumns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-ink-subtle">{column.header}</dt>
                  <dd className="min-w-0 break-words text-ink">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className="overflow-x-auto rounded-card border border-line"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full border-collapse text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-pitch-850 text-xs uppercase tracking-wide text-ink-subtle">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cx('px-4 py-3 text-start font-semibold', column.className)}
              >
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="px-4 py-3 text-end font-semibold">
                {actionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line align-top hover:bg-white/3">
              {columns.map((column) => (
                <td key={column.key} className={cx('px-4 py-3 text-ink', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
              {actions ? (
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; status: string };
}

/** Previous / next for paged lists; hidden when everything fits on one page. */
export function Pager({ page, totalPages, onPage, labels }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={labels.status} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </Button>
      <span className="text-sm text-ink-muted" aria-live="polite">
        {labels.status}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {labels.next}
      </Button>
    </nav>
  );
}
