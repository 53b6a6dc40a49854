import { BETTING_TYPE_CODES, PAGE_SIZES, RECORDS_MONTHS_MAX } from '@tips/contract/rules';
import type { TipRecord } from '@tips/contract/tips.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OddsNotVerified } from '../../../components/tips/odds-not-verified';
import { TipAnalysis } from '../../../components/tips/tip-analysis';
import { TipClosing } from '../../../components/tips/tip-closing';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListError } from '../../../components/ui/list-states';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Modal } from '../../../components/ui/modal';
import { ChartIcon } from '../../../components/ui/public-icons';
import { Select } from '../../../components/ui/select';
import { cx } from '../../../lib/cx';
import { useFormatOdds } from '../../../lib/odds';
import { formatDate, matchTitle } from '../../../lib/tip-format';
import { useLoadMoreQuery } from '../../../lib/use-load-more-query';
import { fetchRecordPage, type RecordFilters, recordKeys } from '../api/tipster-profile-api';
import { signedUnits } from '../results-series';

interface RecordsModalProps {
  tipsterId: number;
  tipsterName: string;
  open: boolean;
  onClose: () => void;
}

const RESULT_TONES: Record<string, BadgeTone> = { Win: 'win', Loss: 'loss', Void: 'neutral' };

function RecordItem({ record }: { record: TipRecord }) {
  const { t } = useTranslation();
  const formatOddsValue = useFormatOdds();
  const bettingTypeLabel = useBettingTypeLabel();
  return (
    <li className="grid grid-cols-1 gap-3 rounded-xl border border-line bg-pitch-950/40 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-subtle">
          <time dateTime={record.eventTime}>{formatDate(record.eventTime)}</time>
          {' · '}
          {bettingTypeLabel(record.bettingType, record.bettingTypeName)}
        </p>
        <p className="font-display text-lg font-bold leading-tight">
          {matchTitle(record.homeTeam, record.awayTeam) ?? '—'}
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-ink-subtle">{t('tipCard.selection')}:</dt>
            <dd className="font-semibold text-ink">{record.selection}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-ink-subtle">{t('tipsterRecords.odds')}:</dt>
            <dd className="font-semibold tabular-nums text-ink">
              {formatOddsValue(record.odds)}
              {record.referenceOdds === null ? <OddsNotVerified /> : null}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-ink-subtle">{t('unitsRecord.stakeLabel')}:</dt>
            <dd className="font-semibold tabular-nums text-ink">{record.stake}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-ink-subtle">{t('unitsRecord.profit')}:</dt>
            <dd className={cx('font-semibold tabular-nums', record.profit < 0 ? 'text-loss' : 'text-ink')}>
              {signedUnits(record.profit)}
            </dd>
          </div>
          <TipClosing tip={record} layout="dl" />
          {record.resultDetails ? (
            <div className="flex gap-1.5">
              <dt className="text-ink-subtle">{t('tipsterRecords.details')}:</dt>
              <dd className="text-ink-muted">{record.resultDetails}</dd>
            </div>
          ) : null}
        </dl>
        <TipAnalysis reasoning={record.reasoning} className="mt-1" />
      </div>
      <Badge
        tone={RESULT_TONES[record.result] ?? 'neutral'}
        className="justify-self-start px-3 py-1 text-sm"
        title={
          record.outcome === 'HALF_WIN'
            ? t('outcomes.halfWinHint')
            : record.outcome === 'HALF_LOSS'
              ? t('outcomes.halfLossHint')
              : undefined
        }
      >
        {/* A quarter line's half outcome explains its Win / Loss. */}
        {record.outcome === 'HALF_WIN' || record.outcome === 'HALF_LOSS'
          ? t(`outcomes.${record.outcome}`)
          : t(`tipsterRecords.results.${record.result}`)}
      </Badge>
    </li>
  );
}

function RecordSkeleton() {
  return (
    <li aria-hidden="true" className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <span className="h-3 w-40 animate-pulse rounded bg-pitch-700/50" />
      <span className="h-5 w-2/3 animate-pulse rounded bg-pitch-700/60" />
      <span className="h-4 w-1/2 animate-pulse rounded bg-pitch-700/40" />
    </li>
  );
}

function RecordsList({ tipsterId, filters }: { tipsterId: number; filters: RecordFilters }) {
  const { t } = useTranslation();
  const list = useLoadMoreQuery(recordKeys.list(tipsterId, filters), (page, signal) =>
    fetchRecordPage(tipsterId, filters, page, PAGE_SIZES.records, signal),
  );
  if (list.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: PAGE_SIZES.records }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <RecordSkeleton key={index} />
        ))}
      </ul>
    );
  }
  if (list.isError) return <ListError onRetry={list.retry} />;
  if (list.items.length === 0) {
    return (
      <EmptyState
        icon={<ChartIcon className="size-7" />}
        title={t('tipsterRecords.emptyTitle')}
        description={t('tipsterRecords.empty')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">{t('tipsterRecords.total', { total: list.totalItems })}</p>
      <ul className="flex flex-col gap-3">
        {list.items.map((record) => (
          <RecordItem key={record.id} record={record} />
        ))}
      </ul>
      <LoadMoreButton list={list} labelKey="list.loadMoreShort" />
    </div>
  );
}

/**
 * SPEC §2 'Tipster Records': past tips with a month filter (0 = all history, 1–6 = the last n
 * months) and a betting-type filter. A filter change reloads page 1 with page size 5.
 */
export function RecordsModal({ tipsterId, tipsterName, open, onClose }: RecordsModalProps) {
  const { t } = useTranslation();
  const bettingTypeLabel = useBettingTypeLabel();
  const [filters, setFilters] = useState<RecordFilters>({ month: 0, bettingType: 0 });
  const monthOptions = Array.from({ length: RECORDS_MONTHS_MAX + 1 }, (_, month) => ({
    value: String(month),
    label:
      month === 0
        ? t('tipsterRecords.allHistory')
        : month === 1
          ? t('tipsterRecords.lastMonth')
          : t('tipsterRecords.lastMonths', { months: month }),
  }));
  const typeOptions = [
    { value: '0', label: t('tipsterRecords.allTypes') },
    ...BETTING_TYPE_CODES.map((code) => ({ value: String(code), label: bettingTypeLabel(code) })),
  ];
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t('tipsterRecords.title')}
      description={tipsterName}
      closeLabel={t('common.close')}
    >
      <div className="flex flex-col gap-5">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Select
            label={t('tipsterRecords.month')}
            options={monthOptions}
            value={String(filters.month)}
            onChange={(event) => setFilters((current) => ({ ...current, month: Number(event.target.value) }))}
          />
          <Select
            label={t('tipsterRecords.bettingType')}
            options={typeOptions}
            value={String(filters.bettingType)}
            onChange={(event) =>
              setFilters((current) => ({ ...current, bettingType: Number(event.target.value) }))
            }
          />
        </div>
        <RecordsList tipsterId={tipsterId} filters={filters} />
      </div>
    </Modal>
  );
}
