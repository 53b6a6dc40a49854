import {
  EARNINGS_MESSAGES,
  type EarningEntry,
  type Payout,
  type TipsterEarnings,
} from '@tips/contract/earnings.schemas';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TitledSection } from '../../../components/ui/titled-section';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { formatDateTime, formatDollars } from '../../../lib/backoffice-format';
import {
  downloadStatement,
  useEarningEntries,
  useEarnings,
  useEarningsBreakdown,
  usePayouts,
  useRequestPayout,
  useSavePayoutAccount,
} from '../api/earnings-api';

// −1.50 with a real minus sign; the balance may be negative (decision 170).
const money = (value: number) => (value < 0 ? `−${formatDollars(-value)}` : formatDollars(value));

const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(EARNINGS_MESSAGES).map(([key, text]) => [text, key]),
);

/** An API message in the page's language when it is one of the earnings messages. */
function useEarningsMessage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = KEY_BY_MESSAGE.get(message);
      return key ? t(`earnings.messages.${key}`, { defaultValue: message }) : messageText(message);
    },
    [t, messageText],
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card as="li" className="flex flex-col gap-1 !p-4">
      <span className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{label}</span>
      <span className="font-display text-2xl font-bold text-gold-200 md:text-3xl">{value}</span>
      <span className="text-xs text-ink-muted">{detail}</span>
    </Card>
  );
}

function Figures({ earnings }: { earnings: TipsterEarnings | undefined }) {
  const { t } = useTranslation();
  if (!earnings) {
    return (
      <div className="grid gap-3 sm:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('earnings.title')} className="grid gap-3 sm:grid-cols-3">
        <Figure
          label={t('earnings.pending')}
          value={money(earnings.pending)}
          detail={
            earnings.holdDays > 0
              ? t('earnings.pendingDetail', { days: earnings.holdDays })
              : t('earnings.pendingDetailNoHold')
          }
        />
        <Figure
          label={t('earnings.available')}
          value={money(earnings.available)}
          detail={t('earnings.availableDetail')}
        />
        <Figure
          label={t('earnings.paidOut')}
          value={money(earnings.paidOut)}
          detail={t('earnings.paidOutDetail')}
        />
      </ul>
      <p className="text-sm text-ink-muted">
        {t('earnings.terms', {
          share: earnings.sharePercent,
          value: formatDollars(earnings.creditValueCents / 100),
        })}
      </p>
      {earnings.available < 0 ? (
        <p role="status" className="rounded-lg border border-loss/40 bg-loss/10 p-3 text-sm text-ink">
          {t('earnings.negative')}
        </p>
      ) : null}
    </>
  );
}

function PayoutForms({ earnings }: { earnings: TipsterEarnings }) {
  const { t } = useTranslation();
  const message = useEarningsMessage();
  const saveAccount = useSavePayoutAccount();
  const requestPayout = useRequestPayout();
  const [email, setEmail] = useState(earnings.paypalEmail ?? '');
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  async function onSaveAccount(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    await saveAccount.mutateAsync(email.trim()).then(
      () => setNotice(t('earnings.accountSaved')),
      () => undefined,
    );
  }

  async function onRequest(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    await requestPayout.mutateAsync(Number(amount)).then(
      () => {
        setAmount('');
        setNotice(t('earnings.requested'));
      },
      () => undefined,
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card as="section" aria-labelledby="payout-account-title">
        <h3 id="payout-account-title" className="mb-3 font-display text-xl font-bold uppercase text-gold-200">
          {t('earnings.accountTitle')}
        </h3>
        <form onSubmit={onSaveAccount} className="flex flex-col gap-3" noValidate>
          <Input
            label={t('earnings.paypalEmail')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={message(firstErrorMessage(saveAccount.error))}
            required
          />
          <Button type="submit" variant="secondary" isLoading={saveAccount.isPending}>
            {t('earnings.saveAccount')}
          </Button>
        </form>
      </Card>
      <Card as="section" aria-labelledby="payout-request-title">
        <h3 id="payout-request-title" className="mb-3 font-display text-xl font-bold uppercase text-gold-200">
          {t('earnings.requestTitle')}
        </h3>
        <form onSubmit={onRequest} className="flex flex-col gap-3" noValidate>
          <Input
            label={t('earnings.amount')}
            type="number"
            inputMode="decimal"
            min={earnings.payoutMinimum}
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={
              earnings.paypalEmail
                ? t('earnings.minimum', { amount: formatDollars(earnings.payoutMinimum) })
                : t('earnings.noAccountYet')
            }
            error={message(firstErrorMessage(requestPayout.error))}
            required
          />
          <Button type="submit" isLoading={requestPayout.isPending} disabled={amount === ''}>
            {t('earnings.request')}
          </Button>
        </form>
      </Card>
      {notice ? (
        <p role="status" className="text-sm text-win md:col-span-2">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

const STATUS_TONE: Record<Payout['status'], BadgeTone> = {
  REQUESTED: 'info',
  HELD: 'neutral',
  SENT: 'info',
  SUCCEEDED: 'win',
  UNCLAIMED: 'neutral',
  FAILED: 'loss',
  RETURNED: 'loss',
};

function useTableLabels(empty: string) {
  const { t } = useTranslation();
  return {
    loading: t('common.loading'),
    error: t('backoffice.common.loadFailed'),
    retry: t('backoffice.common.retry'),
    empty,
  };
}

function usePagerLabels(page: number, total: number) {
  const { t } = useTranslation();
  return {
    previous: t('backoffice.common.previous'),
    next: t('backoffice.common.next'),
    status: t('backoffice.common.pageOf', { page, total }),
  };
}

function PayoutHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  const labels = useTableLabels(t('earnings.noPayouts'));
  const pagerLabels = usePagerLabels(page, payouts.data?.totalPages ?? 0);
  const columns: DataColumn<Payout>[] = [
    { key: 'date', header: t('earnings.date'), cell: (p) => formatDateTime(p.createdAt) },
    {
      key: 'amount',
      header: t('earnings.amountColumn'),
      cell: (p) => formatDollars(p.amount),
      className: 'text-end',
    },
    {
      key: 'status',
      header: t('backoffice.common.status'),
      cell: (p) => <Badge tone={STATUS_TONE[p.status]}>{t(`earnings.status.${p.status}`)}</Badge>,
    },
    {
      key: 'receiver',
      header: t('earnings.paypalEmail'),
      cell: (p) => <span className="break-all">{p.receiver}</span>,
    },
  ];
  return (
    <TitledSection id="payout-history-title" title={t('earnings.historyTitle')}>
      <DataTable
        caption={t('earnings.historyTitle')}
        columns={columns}
        rows={payouts.data?.data}
        rowKey={(p) => p.id}
        {...queryStates(payouts)}
        labels={labels}
      />
      <Pager page={page} totalPages={payouts.data?.totalPages ?? 0} onPage={setPage} labels={pagerLabels} />
    </TitledSection>
  );
}

function Entries() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const entries = useEarningEntries(page);
  const labels = useTableLabels(t('earnings.noEntries'));
  const pagerLabels = usePagerLabels(page, entries.data?.totalPages ?? 0);
  const columns: DataColumn<EarningEntry>[] = [
    { key: 'date', header: t('earnings.date'), cell: (e) => formatDateTime(e.createdAt) },
    { key: 'kind', header: t('earnings.kindColumn'), cell: (e) => t(`earnings.kind.${e.kind}`) },
    {
      key: 'match',
      header: t('backoffice.common.match'),
      cell: (e) => e.match ?? '—',
    },
    {
      key: 'buyer',
      header: t('earnings.buyerPaid'),
      cell: (e) => (e.buyerPaid === null ? '—' : formatDollars(e.buyerPaid)),
      className: 'text-end',
    },
    { key: 'share', header: t('earnings.net'), cell: (e) => money(e.amount), className: 'text-end' },
  ];
  return (
    <TitledSection id="earning-entries-title" title={t('earnings.entriesTitle')}>
      <DataTable
        caption={t('earnings.entriesTitle')}
        columns={columns}
        rows={entries.data?.data}
        rowKey={(e) => e.id}
        {...queryStates(entries)}
        labels={labels}
      />
      <Pager page={page} totalPages={entries.data?.totalPages ?? 0} onPage={setPage} labels={pagerLabels} />
    </TitledSection>
  );
}

type MonthRow = { month: string; net: number; sales: number; takenBack: number };
type TipRow = {
  tipId: number;
  match: string;
  eventTime: string;
  settled: boolean;
  net: number;
  sales: number;
  takenBack: number;
};

function Breakdown() {
  const { t } = useTranslation();
  const breakdown = useEarningsBreakdown();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const monthColumns: DataColumn<MonthRow>[] = [
    { key: 'month', header: t('earnings.month'), cell: (m) => m.month },
    { key: 'sales', header: t('backoffice.portal.sales'), cell: (m) => m.sales, className: 'text-end' },
    { key: 'back', header: t('earnings.takenBack'), cell: (m) => m.takenBack, className: 'text-end' },
    { key: 'net', header: t('earnings.net'), cell: (m) => money(m.net), className: 'text-end' },
    {
      key: 'csv',
      header: t('earnings.statement'),
      cell: (m) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('earnings.statementFor', { month: m.month })}
          onClick={() => {
            setDownloadFailed(false);
            downloadStatement(m.month).catch(() => setDownloadFailed(true));
          }}
        >
          CSV
        </Button>
      ),
    },
  ];
  const tipColumns: DataColumn<TipRow>[] = [
    {
      key: 'match',
      header: t('backoffice.common.match'),
      cell: (r) => (
        <>
          <span className="font-semibold">{r.match}</span>
          <span className="block text-xs text-ink-subtle">{formatDateTime(r.eventTime)}</span>
        </>
      ),
    },
    {
      key: 'state',
      header: t('backoffice.common.status'),
      cell: (r) => (r.settled ? t('earnings.settled') : t('earnings.open')),
    },
    { key: 'sales', header: t('backoffice.portal.sales'), cell: (r) => r.sales, className: 'text-end' },
    { key: 'back', header: t('earnings.takenBack'), cell: (r) => r.takenBack, className: 'text-end' },
    { key: 'net', header: t('earnings.net'), cell: (r) => money(r.net), className: 'text-end' },
  ];
  const labels = useTableLabels(t('earnings.noEntries'));
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <section aria-labelledby="earnings-months-title" className="min-w-0">
        <h3
          id="earnings-months-title"
          className="mb-3 font-display text-xl font-bold uppercase text-gold-200"
        >
          {t('earnings.byMonthTitle')}
        </h3>
        <DataTable
          caption={t('earnings.byMonthTitle')}
          columns={monthColumns}
          rows={breakdown.data?.months}
          rowKey={(m) => m.month}
          {...queryStates(breakdown)}
          labels={labels}
        />
        {downloadFailed ? (
          <p role="alert" className="mt-2 text-sm text-loss">
            {t('backoffice.common.loadFailed')}
          </p>
        ) : null}
      </section>
      <TitledSection id="earnings-tips-title" title={t('earnings.byTipTitle')}>
        <DataTable
          caption={t('earnings.byTipTitle')}
          columns={tipColumns}
          rows={breakdown.data?.tips}
          rowKey={(r) => r.tipId}
          {...queryStates(breakdown)}
          labels={labels}
        />
      </TitledSection>
    </div>
  );
}

/** The tipster's money: figures, payout account and request, history, breakdown, entries. */
export function EarningsSection() {
  const { t } = useTranslation();
  const earnings = useEarnings();
  return (
    <section aria-labelledby="earnings-title" className="flex flex-col gap-6">
      <h2 id="earnings-title" className="font-display text-2xl font-bold uppercase text-gold-200">
        {t('earnings.title')}
      </h2>
      <Figures earnings={earnings.data} />
      {earnings.data ? <PayoutForms earnings={earnings.data} /> : null}
      <PayoutHistory />
      <Breakdown />
      <Entries />
    </section>
  );
}
