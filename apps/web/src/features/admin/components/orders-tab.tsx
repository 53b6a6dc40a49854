import type { AdminOrder } from '@tips/contract/admin-orders.schemas';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { formatCredits, formatDateTime, formatDollars } from '../../../lib/backoffice-format';
import { toast } from '../../../stores/toast-store';
import { useDecideOrder, usePendingOrders } from '../api/orders-api';
import { ErrorNote, TextArea } from './form-controls';
import { usePagerLabels, useTableLabels } from './use-table-labels';

type Decision = { order: AdminOrder; decision: 'confirm' | 'reject' };

function OrderItems({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  if (order.type === 'CREDITS')
    return <>{t('backoffice.orders.credits', { value: formatCredits(order.credits ?? 0) })}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {order.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id of their own and never reorder.
        <li key={index}>
          {item.tipId ? `#${item.tipId} ` : ''}
          {item.description} <span className="text-ink-subtle">{formatDollars(item.price)}</span>
        </li>
      ))}
    </ul>
  );
}

function Contact({ order }: { order: AdminOrder }) {
  const { contact, user } = order;
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  const lines = [name || user?.username, contact.email ?? user?.email, contact.mobile, contact.country];
  return (
    <span className="flex flex-col gap-0.5 break-all">
      {lines.filter(Boolean).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

function DecisionDialog({ value, onClose }: { value: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const decide = useDecideOrder();
  // Why a request cannot be confirmed (the buyer paused purchases since asking: decision 111)
  // comes from the API in English and is shown in the admin's language.
  const messageText = useMessageText();
  const failure = decide.isError ? firstErrorMessage(decide.error) : undefined;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const isReject = value.decision === 'reject';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isReject && reason.trim().length < 3) {
      setReasonError(t('backoffice.common.reasonRequired'));
      return;
    }
    try {
      const orderId = value.order.id;
      await decide.mutateAsync(
        isReject ? { orderId, decision: 'reject', reason: reason.trim() } : { orderId, decision: 'confirm' },
      );
      toast.success(t(isReject ? 'backoffice.orders.rejected' : 'backoffice.orders.confirmed'));
      onClose();
    } catch {
      // Shown from decide.error.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      closeLabel={t('common.close')}
      title={t(isReject ? 'backoffice.orders.reject' : 'backoffice.orders.confirm')}
      description={`${value.order.methodName} · ${formatDollars(value.order.amount)} · ${value.order.user?.username ?? value.order.contact.email ?? ''}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={isReject ? 'danger' : 'primary'}
            isLoading={decide.isPending}
          >
            {t(isReject ? 'backoffice.orders.reject' : 'backoffice.orders.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorNote
          message={
            decide.isError ? (failure ? messageText(failure) : t('backoffice.common.failed')) : undefined
          }
        />
        {isReject ? (
          <TextArea
            label={t('backoffice.common.reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
          />
        ) : (
          <p className="text-sm text-ink-muted">{t('backoffice.orders.confirmHint')}</p>
        )}
      </form>
    </Modal>
  );
}

export function OrdersTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = usePendingOrders(page);
  const [decision, setDecision] = useState<Decision | null>(null);
  const labels = useTableLabels('backoffice.orders.empty');
  const pager = usePagerLabels(page, orders.data?.totalPages ?? 0);
  const columns: DataColumn<AdminOrder>[] = [
    {
      key: 'amount',
      header: t('backoffice.common.amount'),
      cell: (order) => (
        <>
          <span className="font-semibold">{formatDollars(order.amount)}</span>{' '}
          <Badge tone={order.type === 'CREDITS' ? 'gold' : 'green'}>
            {t(`backoffice.orders.types.${order.type}`)}
          </Badge>
          <span className="block text-xs font-normal text-ink-subtle">{formatDateTime(order.createdAt)}</span>
        </>
      ),
    },
    { key: 'method', header: t('backoffice.orders.method'), cell: (order) => order.methodName },
    { key: 'items', header: t('backoffice.orders.items'), cell: (order) => <OrderItems order={order} /> },
    { key: 'contact', header: t('backoffice.orders.contact'), cell: (order) => <Contact order={order} /> },
  ];
  return (
    <section>
      <h2 className="sr-only">{t('backoffice.tabs.orders')}</h2>
      <DataTable
        caption={t('backoffice.tabs.orders')}
        columns={columns}
        rows={orders.data?.data}
        rowKey={(order) => order.id}
        {...queryStates(orders)}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(order) => (
          <>
            <Button size="sm" onClick={() => setDecision({ order, decision: 'confirm' })}>
              {t('backoffice.orders.confirm')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDecision({ order, decision: 'reject' })}>
              {t('backoffice.orders.reject')}
            </Button>
          </>
        )}
      />
      <Pager page={page} totalPages={orders.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
      {decision ? <DecisionDialog value={decision} onClose={() => setDecision(null)} /> : null}
    </section>
  );
}
