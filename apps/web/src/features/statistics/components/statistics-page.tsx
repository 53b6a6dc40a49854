import { LEADERBOARD_MIN_SETTLED } from '@tips/contract/rules';
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
  return (
    <>
      <PageMeta title={t('statisticsPage.metaTitle')} description={t('pages.statistics.description')} />
      <PageHeader title={t('pages.statistics.title')} lede={t('pages.statistics.description')} />
      <Container className="py-8 md:py-12">
        {statistics.isError ? (
          <ListError onRetry={() => void statistics.refetch()} />
        ) : (
          // One table per row at every width: the eight or nine columns need the whole container.
          <div className="grid grid-cols-1 gap-6">
            {STATISTICS_TABLES.map((table, index) => (
              <RankingTable
                key={table.key}
                title={t(table.titleKey)}
                rows={statistics.data?.[table.key]}
                isLoading={statistics.isPending}
                isFeatured={index === 0}
              />
            ))}
          </div>
        )}
        <p className="mt-6 text-sm text-ink-subtle">{t('statisticsPage.note')}</p>
        <p className="mt-2 text-sm text-ink-subtle">
          {t('unitsRecord.rankingsNote', { min: LEADERBOARD_MIN_SETTLED })}
        </p>
      </Container>
    </>
  );
}
