import { useTranslation } from 'react-i18next';
import type { DataTableLabels } from '../../../components/ui/data-table';

/** The loading, error and empty texts of a table; `empty` is what this table says when it has no rows. */
export function useTableLabels(emptyKey: string): DataTableLabels {
  const { t } = useTranslation();
  return {
    loading: t('common.loading'),
    error: t('backoffice.common.loadFailed'),
    retry: t('backoffice.common.retry'),
    empty: t(emptyKey),
  };
}

export function usePagerLabels(page: number, totalPages: number) {
  const { t } = useTranslation();
  return {
    previous: t('backoffice.common.previous'),
    next: t('backoffice.common.next'),
    status: t('backoffice.common.pageOf', { page, total: totalPages }),
  };
}
