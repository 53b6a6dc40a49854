import type { AdminOrder } from '@tips/contract/admin-orders.schemas';
import type { AdminLedgerEntry } from '@tips/contract/admin-users.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table';
import { Modal } from '../../../../components/ui/modal';
import { Skeleton } from '../../../../components/ui/skeleton';
import { formatCredits, formatDateTime, formatDollars } from '../../../../lib/backoffice-format';
import { useUserDetail } from '../../api/users-api';
import { ErrorNote } from '../form-controls';
import { useTableLabels } from '../use-table-labels';
import { AdjustCreditsForm, RolesForm, TipsterLinkForm } from './user-forms';
import { UserSaferGambling } from './user-safer-gambling';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-display text-lg font-bold uppercase tracking-wide text-gold-200">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-ink-subtle">{label}</dt>
      <dd className="break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

export function UserDetailDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useUserDetail(userId);
  const orderLabels = useTableLabels('backoffice.users.noOrders');
  const ledgerLabels = useTableLabels('backoffice.users.noLedger');
  const data = detail.data;

  const orderColumns: DataColumn<AdminOrder>[] = [
    { key: 'date', header: t('backoffice.common.date'), cell: (order) => formatDateTime(order.createdAt) },
    {
      key: 'amount',
      header: t('backoffice.common.amount'),
      cell: (order) => `${formatDollars(order.amount)} · ${t(`backoffice.orders.types.${order.type}`)}`,
    },
    { key: 'method', header: t('backoffice.orders.method'), cell: (order) => order.methodName },
    { key: 'status', header: t('backoffice.common.status'), cell: (order) => <Badge>{order.status}</Badge> },
  ];
  const ledgerColumns: DataColumn<AdminLedgerEntry>[] = [
    { key: 'date', header: t('backoffice.common.date'), cell: (entry) => formatDateTime(entry.createdAt) },
    {
      key: 'amount',
      header: t('backoffice.common.amount'),
      cell: (entry) => (
        <span className={entry.amount < 0 ? 'text-loss' : 'text-win'}>
          {entry.amount > 0 ? '+' : ''}
          {formatCredits(entry.amount)}
        </span>
      ),
    },
    {
      key: 'reason',
      header: t('backoffice.common.reason'),
      cell: (entry) => [entry.reason, entry.note].filter(Boolean).join(' · '),
    },
  ];

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      closeLabel={t('common.close')}
      title={data?.user.username ?? t('backoffice.common.user')}
      description={data?.user.email}
    >
      {detail.isPending ? (
        <div className="flex flex-col gap-3" role="status">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-20" />
          <Skeleton className="h-40" />
        </div>
      ) : null}
      {detail.isError ? <ErrorNote message={t('backoffice.common.loadFailed')} /> : null}
      {data ? (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Fact label={t('backoffice.common.name')}>{`${data.user.firstName} ${data.user.lastName}`}</Fact>
            <Fact label={t('backoffice.users.phone')}>{data.user.phone || '—'}</Fact>
            <Fact label={t('backoffice.users.country')}>{data.user.country || '—'}</Fact>
            <Fact label={t('backoffice.users.balance')}>{formatCredits(data.user.creditBalance)}</Fact>
            <Fact label={t('backoffice.users.memberSince')}>{formatDateTime(data.user.createdAt)}</Fact>
            <Fact label={t('backoffice.users.verified')}>
              {data.user.emailVerified ? t('backoffice.common.yes') : t('backoffice.common.no')}
            </Fact>
            <Fact label={t('backoffice.common.tipster')}>
              {data.tipster ? `#${data.tipster.id} ${data.tipster.name}` : '—'}
            </Fact>
          </dl>
          <Block title={t('saferGambling.title')}>
            <UserSaferGambling userId={userId} />
          </Block>
          <Block title={t('backoffice.users.roles')}>
            <RolesForm key={data.user.roles.join()} userId={userId} roles={data.user.roles} />
          </Block>
          <Block title={t('backoffice.users.tipsterLink')}>
            <TipsterLinkForm userId={userId} tipsterId={data.user.tipsterId} />
          </Block>
          <Block title={t('backoffice.users.adjust')}>
            <AdjustCreditsForm userId={userId} />
          </Block>
          <Block title={t('backoffice.users.orders')}>
            <DataTable
              caption={t('backoffice.users.orders')}
              columns={orderColumns}
              rows={data.orders}
              rowKey={(order) => order.id}
              labels={orderLabels}
            />
          </Block>
          <Block title={t('backoffice.users.ledger')}>
            <DataTable
              caption={t('backoffice.users.ledger')}
              columns={ledgerColumns}
              rows={data.ledger}
              rowKey={(entry) => entry.id}
              labels={ledgerLabels}
            />
          </Block>
        </div>
      ) : null}
    </Modal>
  );
}
