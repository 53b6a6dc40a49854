import type { TipsterPortalTip } from '@tips/contract/tipster-portal.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OddsNotVerified } from '../../../components/tips/odds-not-verified';
import { TipClosing } from '../../../components/tips/tip-closing';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../components/ui/data-table';
import { formatDateTime, formatDollars } from '../../../lib/backoffice-format';
import { useFormatOdds } from '../../../lib/odds';
import { useMyTips } from '../api/tipster-portal-api';
import { TipStatusBadge } from './tip-status-badge';

export function MyTipsTable() {
  const { t } = useTranslation();
  const formatOddsValue = useFormatOdds();
  const [page, setPage] = useState(1);
  const tips = useMyTips(page);

  const columns: DataColumn<TipsterPortalTip>[] = [
    {
      key: 'match',
      header: t('backoffice.common.match'),
      cell: (tip) => (
        <>
          <span className="font-semibold">
            {tip.homeTeam} – {tip.awayTeam}
          </span>
          <span className="block text-xs font-normal text-ink-subtle">{tip.league}</span>
        </>
      ),
    },
    { key: 'kickoff', header: t('backoffice.common.kickoff'), cell: (tip) => formatDateTime(tip.eventTime) },
    {
      key: 'pick',
      header: t('backoffice.common.selection'),
      cell: (tip) => (
        <>
          {tip.selection}{' '}
          <span className="text-ink-subtle">
            @ {formatOddsValue(tip.odds)}
            {tip.oddsVerified === false ? <OddsNotVerified /> : null} ·{' '}
            {t('tipsterProfile.stakeUnits', { count: tip.stake })}
          </span>
          <span className="block text-xs font-normal text-ink-subtle">
            {t(`bettingTypes.${tip.bettingType}`, { defaultValue: tip.bettingTypeName })}
          </span>
          <span className="block text-xs font-normal">
            <TipClosing tip={tip} />
          </span>
        </>
      ),
    },
    {
      key: 'price',
      header: t('backoffice.common.price'),
      cell: (tip) => (tip.isFree ? t('backoffice.portal.free') : formatDollars(tip.price)),
    },
    {
      key: 'status',
      header: t('backoffice.common.status'),
      cell: (tip) => <TipStatusBadge result={tip.result} outcome={tip.outcome} />,
    },
    {
      key: 'sales',
      header: t('backoffice.portal.sales'),
      cell: (tip) => tip.salesCount,
      className: 'text-end',
    },
    {
      key: 'earnings',
      header: t('backoffice.portal.earnings'),
      cell: (tip) => formatDollars(tip.earnings),
      className: 'text-end',
    },
  ];

  return (
    <>
      <DataTable
        caption={t('backoffice.portal.myTips')}
        columns={columns}
        rows={tips.data?.data}
        rowKey={(tip) => tip.id}
        {...queryStates(tips)}
        labels={{
          loading: t('common.loading'),
          error: t('backoffice.common.loadFailed'),
          retry: t('backoffice.common.retry'),
          empty: t('backoffice.portal.noTips'),
        }}
      />
      <Pager
        page={page}
        totalPages={tips.data?.totalPages ?? 0}
        onPage={setPage}
        labels={{
          previous: t('backoffice.common.previous'),
          next: t('backoffice.common.next'),
          status: t('backoffice.common.pageOf', { page, total: tips.data?.totalPages ?? 0 }),
        }}
      />
    </>
  );
}
