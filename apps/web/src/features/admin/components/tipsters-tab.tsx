import type { AdminTipster } from '@tips/contract/admin-tipsters.schemas';
import { isPersonTier } from '@tips/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable, Pager } from '../../../components/ui/data-table';
import { useAdminTipsters } from '../api/tipsters-api';
import { SearchForm, tableStateOf, useSearchedPages } from './searchable-list';
import { TipsterFormDialog } from './tipster-form-dialog';
import { TipsterPhoto } from './tipster-photo';
import { TipsterTierDialog } from './tipster-tier-dialog';
import { usePagerLabels, useTableLabels } from './use-table-labels';

export function TipstersTab() {
  const { t } = useTranslation();
  const search = useSearchedPages();
  const { page, setPage } = search;
  const [editing, setEditing] = useState<AdminTipster | 'new' | null>(null);
  const [tiering, setTiering] = useState<AdminTipster | null>(null);
  const tipsters = useAdminTipsters(search.query, page);
  const labels = useTableLabels('backoffice.tipsters.empty');
  const pager = usePagerLabels(page, tipsters.data?.totalPages ?? 0);

  const columns: DataColumn<AdminTipster>[] = [
    {
      key: 'name',
      header: t('backoffice.common.name'),
      cell: (tipster) => (
        <span className="flex items-center gap-3">
          <TipsterPhoto tipster={tipster} />
          <span>
            <span className="font-semibold">{tipster.name}</span>
            <span className="block text-xs font-normal text-ink-subtle">#{tipster.id}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'category',
      header: t('backoffice.tipsters.category'),
      cell: (tipster) => <Badge tone="gold">{tipster.category}</Badge>,
    },
    {
      key: 'location',
      header: t('backoffice.tipsters.location'),
      cell: (tipster) => tipster.location || '—',
    },
    {
      key: 'user',
      header: t('backoffice.tipsters.account'),
      cell: (tipster) => tipster.user?.username ?? '—',
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <h2 className="sr-only">{t('backoffice.tabs.tipsters')}</h2>
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <SearchForm
          label={t('backoffice.tipsters.search')}
          search={search}
          className="flex flex-1 items-end gap-2 md:max-w-xl"
        />
        <Button onClick={() => setEditing('new')}>{t('backoffice.tipsters.create')}</Button>
      </div>
      <DataTable
        caption={t('backoffice.tabs.tipsters')}
        columns={columns}
        {...tableStateOf(tipsters)}
        rowKey={(tipster) => tipster.id}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(tipster) => (
          <span className="flex flex-wrap justify-end gap-2">
            {isPersonTier(tipster.category) ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setTiering(tipster)}
                aria-label={t('backoffice.tipsters.tierFor', { name: tipster.name })}
              >
                {t('backoffice.tipsters.tier')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(tipster)}
              aria-label={`${t('backoffice.common.edit')} ${tipster.name}`}
            >
              {t('backoffice.common.edit')}
            </Button>
          </span>
        )}
      />
      <Pager page={page} totalPages={tipsters.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
      {editing ? (
        <TipsterFormDialog tipster={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {tiering ? <TipsterTierDialog tipster={tiering} onClose={() => setTiering(null)} /> : null}
    </section>
  );
}
