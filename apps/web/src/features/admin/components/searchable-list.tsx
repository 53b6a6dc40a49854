import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * The back office's searchable, paged lists (users, tipsters, audit log): what is typed stays a draft
 * until the search is sent, and a new search starts again at page 1.
 */
export function useSearchedPages() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  }
  return { draft, setDraft, query, page, setPage, submit };
}

/** A query's state as DataTable takes it: rows, loading, error and retry. */
export function tableStateOf<T>(query: {
  data?: { data: T[] };
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}) {
  return {
    rows: query.data?.data,
    isLoading: query.isPending,
    isError: query.isError,
    onRetry: () => query.refetch(),
  };
}

export function SearchForm({
  label,
  placeholder,
  search,
  className = 'flex items-end gap-2 md:max-w-xl',
}: {
  label: string;
  placeholder?: string;
  search: Pick<ReturnType<typeof useSearchedPages>, 'draft' | 'setDraft' | 'submit'>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <search className="contents">
      <form onSubmit={search.submit} className={className}>
        <div className="flex-1">
          <Input
            type="search"
            label={label}
            placeholder={placeholder}
            value={search.draft}
            onChange={(event) => search.setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('backoffice.common.search')}
        </Button>
      </form>
    </search>
  );
}
