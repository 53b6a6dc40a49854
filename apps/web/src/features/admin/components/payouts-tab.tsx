import type { AdminPayout } from '@tips/contract/earnings.schemas';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { TitledSection } from '../../../components/ui/titled-section';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { formatDateTime, formatDollars } from '../../../lib/backoffice-format';
import { toast } from '../../../stores/toast-store';
import { useAdminPayouts, usePayoutAction, usePlatformRevenue } from '../api/payouts-api';
import { ErrorNote, TextArea } from './form-controls';
import { usePagerLabels, useTableLabels } from './use-table-labels';

const STATUS_TONE: Record<AdminPayout['status'], BadgeTone> = {
  REQUESTED: 'info',
  HELD: 'neutral',
  SENT: 'info',
  SUCCEEDED: 'win',
  UNCLAIMED: 'neutral',
  FAILED: 'loss',
  RETURNED: 'loss',
};

const money = (value: number) => (value < 0 ? `−${formatDollars(-value)}` : formatDollars(value));

function HoldDialog({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const act = usePayoutAction();
  const messageText = useMessageText();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError(t('backoffice.common.reasonRequired'));
      return;
    }
    try {
      await act.mutateAsync({ id: payout.id, action: 'hold', reason: reason.trim() });
      toast.success(t('adminPayouts.held'));
      onClose();
    } catch {
      // Shown from act.error.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      closeLabel={t('common.close')}
      title={t('adminPayouts.holdTitle', { id: payout.id })}
      description={`${payout.tipster.name} · ${formatDollars(payout.amount)} · ${payout.receiver}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" isLoading={act.isPending}>
            {t('adminPayouts.hold')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorNote message={act.isError ? messageText(firstErrorMessage(act.error) ?? '') : undefined} />
        <TextArea
          label={t('backoffice.common.reason')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
        />
      </form>
    </Modal>
  );
}

function Revenue() {
  const { t } = useTranslation();
  const revenue = usePlatformRevenue();
  const labels = useTableLabels('adminPayouts.noRevenue');
  type Row = NonNullable<typeof revenue.data>[number];
  const columns: DataColumn<Row>[] = [
    { key: 'month', header: t('earnings.month'), cell: (r) => r.month },
    { key: 'paid', header: t('adminPayouts.paid'), cell: (r) => money(r.paid), className: 'text-end' },
    {
      key: 'shares',
      header: t('adminPayouts.shares'),
      cell: (r) => money(r.tipsterShares),
      className: 'text-end',
    },
    {
      key: 'commission',
      header: t('adminPayouts.commission'),
      cell: (r) => money(r.commission),
      className: 'text-end',
    },
    { key: 'refunds', header: t('earnings.takenBack'), cell: (r) => money(r.refunds), className: 'text-end' },
  ];
  return (
    <TitledSection id="admin-revenue-title" title={t('adminPayouts.revenueTitle')}>
      <DataTable
        caption={t('adminPayouts.revenueTitle')}
        columns={columns}
        rows={revenue.data}
        rowKey={(r) => r.month}
        {...queryStates(revenue)}
        labels={labels}
      />
    </TitledSection>
  );
}

/** The payout queue (hold with a reason, release) and the platform's revenue by month. */
export function PayoutsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const payouts = useAdminPayouts(page);
  const act = usePayoutAction();
  const [holding, setHolding] = useState<AdminPayout | null>(null);
  const labels = useTableLabels('earnings.noPayouts');
  const pager = usePagerLabels(page, payouts.data?.totalPages ?? 0);
  const columns: DataColumn<AdminPayout>[] = [
    {
      key: 'amount',
      header: t('backoffice.common.amount'),
      cell: (p) => (
        <>
          <span className="font-semibold">{formatDollars(p.amount)}</span>
          <span className="block text-xs font-normal text-ink-subtle">{formatDateTime(p.createdAt)}</span>
        </>
      ),
    },
    { key: 'tipster', header: t('backoffice.common.tipster'), cell: (p) => p.tipster.name },
    {
      key: 'receiver',
      header: t('earnings.paypalEmail'),
      cell: (p) => <span className="break-all">{p.receiver}</span>,
    },
    {
      key: 'status',
      header: t('backoffice.common.status'),
      cell: (p) => (
        <>
          <Badge tone={STATUS_TONE[p.status]}>{t(`earnings.status.${p.status}`)}</Badge>
          {p.holdReason && p.status === 'HELD' ? (
            <span className="block text-xs text-ink-subtle">{p.holdReason}</span>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-8">
      <h2 className="sr-only">{t('backoffice.tabs.payouts')}</h2>
      <div className="min-w-0">
        <DataTable
          caption={t('backoffice.tabs.payouts')}
          columns={columns}
          rows={payouts.data?.data}
          rowKey={(p) => p.id}
          {...queryStates(payouts)}
          labels={labels}
          actionsHeader={t('backoffice.common.actions')}
          actions={(p) =>
            p.status === 'REQUESTED' ? (
              <Button size="sm" variant="ghost" onClick={() => setHolding(p)}>
                {t('adminPayouts.hold')}
              </Button>
            ) : p.status === 'HELD' ? (
              <Button
                size="sm"
                isLoading={act.isPending && act.variables?.id === p.id}
                onClick={() =>
                  act.mutateAsync({ id: p.id, action: 'release' }).then(
                    () => toast.success(t('adminPayouts.released')),
                    () => toast.error(t('backoffice.common.failed')),
                  )
                }
              >
                {t('adminPayouts.release')}
              </Button>
            ) : null
          }
        />
        <Pager page={page} totalPages={payouts.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
      </div>
      <Revenue />
      {holding ? <HoldDialog payout={holding} onClose={() => setHolding(null)} /> : null}
    </section>
  );
}
