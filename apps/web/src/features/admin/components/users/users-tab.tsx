import type { AdminUser } from '@tips/contract/admin-users.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { type DataColumn, DataTable, Pager } from '../../../../components/ui/data-table';
import { formatCredits } from '../../../../lib/backoffice-format';
import { useUserSearch } from '../../api/users-api';
import { SearchForm, tableStateOf, useSearchedPages } from '../searchable-list';
import { usePagerLabels, useTableLabels } from '../use-table-labels';
import { UserDetailDialog } from './user-detail-dialog';

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'gold' : role === 'tipster' ? 'green' : 'neutral'}>
          {t(`backoffice.roles.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </span>
  );
}

export function UsersTab() {
  const { t } = useTranslation();
  const search = useSearchedPages();
  const { page, setPage } = search;
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const users = useUserSearch(search.query, page);
  const labels = useTableLabels('backoffice.users.empty');
  const pager = usePagerLabels(page, users.data?.totalPages ?? 0);

  const columns: DataColumn<AdminUser>[] = [
    {
      key: 'user',
      header: t('backoffice.common.user'),
      cell: (user) => (
        <>
          <span className="font-semibold">{user.username}</span>
          <span className="block break-all text-xs font-normal text-ink-subtle">{user.email}</span>
        </>
      ),
    },
    {
      key: 'name',
      header: t('backoffice.common.name'),
      cell: (user) => `${user.firstName} ${user.lastName}`,
    },
    { key: 'roles', header: t('backoffice.users.roles'), cell: (user) => <RoleBadges roles={user.roles} /> },
    {
      key: 'balance',
      header: t('backoffice.users.balance'),
      cell: (user) => formatCredits(user.creditBalance),
      className: 'text-end',
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <h2 className="sr-only">{t('backoffice.tabs.users')}</h2>
      <SearchForm label={t('backoffice.users.search')} search={search} />
      <DataTable
        caption={t('backoffice.tabs.users')}
        columns={columns}
        {...tableStateOf(users)}
        rowKey={(user) => user.id}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(user) => (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setOpenUserId(user.id)}
            aria-label={`${t('backoffice.common.open')} ${user.username}`}
          >
            {t('backoffice.common.open')}
          </Button>
        )}
      />
      <Pager page={page} totalPages={users.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
      {openUserId !== null ? (
        <UserDetailDialog userId={openUserId} onClose={() => setOpenUserId(null)} />
      ) : null}
    </section>
  );
}
