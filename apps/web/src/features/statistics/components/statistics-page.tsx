import { LEADERBOARD_MIN_SETTLED, RANKING_MIN_SETTLED } from '@tips/contract/rules';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { ListError } from '../../../components/ui/list-states';
import { STATISTICS_TABLES, useStatistics } from '../api/statistics-api';
import { RankingTable } from './ranking-table';

/** Rows shown with the data's first commit, then added per step (see below). */
const FIRST_STEP_ROWS = 4;
const ROWS_PER_STEP = 2;

/** SPEC §2 /tipster-statistics: the five ranking tables. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const statistics = useStatistics();
  // The six tables (60 rows, over a thousand elements) are built in a deferred render, which React
  // splits into short tasks, instead of in the one task that delivers the response: at 4× CPU
  // throttling that task took 170–240 ms (issue #32). Until then the placeholders stay.
  const rankings = useDeferredValue(statistics.data);
  // Then the rows a few per commit, each step in a task of its own: one table per step was still a
  // 40–80 ms task at 4× CPU throttling (its rows' style and layout), and Lighthouse's TBT summed six
  // of them (issue #32.3). The first step fills what a phone shows of the first table. Rows replace
  // placeholders of their own height, so nothing on screen moves while they arrive.
  const [rowsAdded, setRowsAdded] = useState(0);
  const rowsShown = FIRST_STEP_ROWS + rowsAdded;
  const totalRows = rankings ? STATISTICS_TABLES.reduce((n, table) => n + rankings[table.key].length, 0) : 0;
  useEffect(() => {
    if (!rankings || rowsShown >= totalRows) return;
    const next = setTimeout(() => startTransition(() => setRowsAdded((added) => added + ROWS_PER_STEP)), 0);
    return () => clearTimeout(next);
  }, [rankings, rowsShown, totalRows]);
  let rowsBefore = 0;
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
            {STATISTICS_TABLES.map((table, index) => {
              const rows = rankings?.[table.key];
              const shown = Math.max(0, Math.min(rows?.length ?? 0, rowsShown - rowsBefore));
              rowsBefore += rows?.length ?? 0;
              return (
                <RankingTable
                  key={table.key}
                  title={t(table.titleKey)}
                  rows={rows}
                  rowsShown={shown}
                  isFeatured={index === 0}
                />
              );
            })}
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
