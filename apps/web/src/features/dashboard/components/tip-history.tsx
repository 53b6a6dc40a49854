import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useTipHistory } from '../api/dashboard-api';
import { DashboardSection, SectionEmpty, SectionRetry, SectionSkeleton } from './dashboard-section';
import { DashboardTipRow } from './dashboard-tip-row';

/** SPEC §2: settled tips the user bought, paged, with the total. */
export function TipHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useTipHistory(page);
  const data = history.data;
  const totalPages = data?.totalPages ?? 0;

  return (
    <DashboardSection
      title={t('account.dashboard.historyTitle')}
      aside={
        data ? (
          <span className="text-sm text-ink-muted">
            {t('account.dashboard.totalItems', { number: data.totalItems })}
          </span>
        ) : null
      }
      testId="tip-history"
      footer={
        totalPages > 1 ? (
          <nav
            aria-label={t('account.dashboard.historyPages')}
            className="flex items-center justify-between gap-3"
          >
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1 || history.isPlaceholderData}
              onClick={() => setPage((current) => current - 1)}
            >
              {t('account.dashboard.previous')}
            </Button>
            <span aria-live="polite">{t('account.dashboard.pageOf', { page, pages: totalPages })}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= totalPages || history.isPlaceholderData}
              onClick={() => setPage((current) => current + 1)}
            >
              {t('account.dashboard.next')}
            </Button>
          </nav>
        ) : null
      }
    >
      {history.isPending ? <SectionSkeleton rows={2} /> : null}
      {history.isError ? (
        <SectionRetry label={t('account.common.retry')} onRetry={() => void history.refetch()} />
      ) : null}
      {data?.totalItems === 0 ? <SectionEmpty>{t('account.dashboard.noHistory')}</SectionEmpty> : null}
      {data && data.data.length > 0 ? (
        <ul className="flex flex-col gap-2.5" aria-busy={history.isPlaceholderData || undefined}>
          {data.data.map((tip) => (
            <DashboardTipRow key={tip.id} tip={tip} showSelection showResult showTipster />
          ))}
        </ul>
      ) : null}
    </DashboardSection>
  );
}
