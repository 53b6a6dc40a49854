import type { AuditEntry } from '@tips/contract/admin-audit.schemas';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, Pager } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/backoffice-format';
import { useAuditLog } from '../api/audit-api';
import { SearchForm, tableStateOf, useSearchedPages } from './searchable-list';
import { usePagerLabels, useTableLabels } from './use-table-labels';

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.before == null && entry.after == null) return <>—</>;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-gold-300">
        {t('backoffice.audit.before')} / {t('backoffice.audit.after')}
      </summary>
      <div className="mt-2 grid gap-2 text-xs">
        {entry.before != null ? (
          <div>
            <span className="text-ink-subtle">{t('backoffice.audit.before')}</span>
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-pitch-950/60 p-2">
              {JSON.stringify(entry.before, null, 1)}
            </pre>
          </div>
        ) : null}
        {entry.after != null ? (
          <div>
            <span className="text-ink-subtle">{t('backoffice.audit.after')}</span>
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-pitch-950/60 p-2">
              {JSON.stringify(entry.after, null, 1)}
            </pre>
          </div>
        ) : null}
      </div>
    </details>
  );
}

export function AuditTab() {
  const { t } = useTranslation();
  const search = useSearchedPages();
  const { page, setPage } = search;
  const log = useAuditLog(search.query, page);
  const labels = useTableLabels('backoffice.audit.empty');
  const pager = usePagerLabels(page, log.data?.totalPages ?? 0);

  const columns: DataColumn<AuditEntry>[] = [
    {
      key: 'action',
      header: t('backoffice.audit.action'),
      cell: (entry) => (
        <>
          <code className="font-semibold text-gold-200">{entry.action}</code>
          <span className="block text-xs font-normal text-ink-subtle">
            {entry.entity} #{entry.entityId}
          </span>
        </>
      ),
    },
    { key: 'when', header: t('backoffice.common.date'), cell: (entry) => formatDateTime(entry.createdAt) },
    { key: 'by', header: t('backoffice.common.by'), cell: (entry) => entry.actor?.username ?? '—' },
    { key: 'reason', header: t('backoffice.common.reason'), cell: (entry) => entry.reason ?? '—' },
    { key: 'changes', header: t('backoffice.audit.changes'), cell: (entry) => <Changes entry={entry} /> },
  ];

  return (
    <section className="flex flex-col gap-4">
      <h2 className="sr-only">{t('backoffice.tabs.audit')}</h2>
      <SearchForm label={t('backoffice.audit.filter')} placeholder="tip.settle" search={search} />
      <DataTable
        caption={t('backoffice.tabs.audit')}
        columns={columns}
        {...tableStateOf(log)}
        rowKey={(entry) => entry.id}
        labels={labels}
      />
      <Pager page={page} totalPages={log.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
    </section>
  );
}
