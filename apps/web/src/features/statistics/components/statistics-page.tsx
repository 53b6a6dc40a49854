import { LEADERBOARD_MIN_SETTLED, RANKING_MIN_SETTLED } from '@tips/contract/rules';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { ListError } from '../../../components/ui/list-states';
import { STATISTICS_TABLES, useStatistics } from '../api/statistics-api';
import { RankingTable } from './ranking-table';

/** SPEC §2 /tipster-statistics: the five ranking tables. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const statistics = useStatistics();
  // The six tables (60 rows, over a thousand elements) are built in a deferred render, which React
  // splits into short tasks, instead of in the one task that delivers the response: at 4× CPU
  // throttling that task took 170–240 ms (issue #32). Until then the placeholders stay.
  const rankings = useDeferredValue(statistics.data);
  // And one table per commit: the rows replace a table's placeholders one table at a time, each in
  // a task of its own, rather than all six tables' worth of DOM in one commit.
  const [tablesShown, setTablesShown] = useState(1);
  useEffect(() => {
    if (!rankings || tablesShown >= STATISTICS_TABLES.length) return;
    const next = setTimeout(() => startTransition(() => setTablesShown((shown) => shown + 1)), 0);
    return () => clearTimeout(next);
  }, [rankings, tablesShown]);
  return (
    <>
      <PageMeta title={t('statisticsPage.metaTitle')} description={t('pages.statistics.description')} />
      <PageHeader title={t('pages.statistics.title')} lede={t('pages.statistics.description')} />
      <Container className="py-8 md:py-12">
        {/* The measure and its minimum samples, before the tables they order (decision 160). */}
        <p data-ranking-rule className="mb-6 max-w-3xl text-sm text-ink-muted">
          {t('rankings.statisticsNote', RANKING_MIN_SETTLED)}
        </p>
        {statistics.isError ? (
          <ListError onRetry={() => void statistics.refetch()} />
        ) : (
          // One table per row at every width: the eight or nine columns need the whole container.
          <div className="grid grid-cols-1 gap-6">
            {STATISTICS_TABLES.map((table, index) => (
              <RankingTable
                key={table.key}
                title={t(table.titleKey)}
                rows={index < tablesShown ? rankings?.[table.key] : undefined}
                isLoading={!rankings || index >= tablesShown}
                isFeatured={index === 0}
              />
            ))}
          </div>
        )}
        <p className="mt-6 text-sm text-ink-subtle">{t('statisticsPage.note')}</p>
        <p className="mt-2 text-sm text-ink-subtle">
          {t('rankings.provenNote', { min: LEADERBOARD_MIN_SETTLED })}
        </p>
      </Container>
    </>
  );
}
