import {
  type CategoryPage,
  categoryQueryOf,
  LEADERBOARD_MIN_SETTLED,
  PAGE_SIZES,
} from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { HiddenKeywords } from '../../../components/seo/hidden-keywords';
import { TipsterCard, TipsterCardSkeleton } from '../../../components/tipsters/tipster-card';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { TrophyIcon } from '../../../components/ui/icons';
import { LoadMoreList } from '../../../components/ui/load-more-list';
import { cx } from '../../../lib/cx';
import { fetchTipsterPage, type TipsterListParams, tipsterKeys } from '../../../lib/queries/tipsters-api';
import { useLoadMoreQuery } from '../../../lib/use-load-more-query';

const TITLE_KEYS: Record<CategoryPage, string> = {
  premium: 'pages.tipsters.titlePremium',
  senior: 'pages.tipsters.titleSenior',
  all: 'pages.tipsters.title',
};

const META_TITLE_KEYS: Record<CategoryPage, string> = {
  premium: 'tipstersPage.metaTitlePremium',
  senior: 'tipstersPage.metaTitleSenior',
  all: 'tipstersPage.metaTitle',
};

const TABS: ReadonlyArray<{ category: CategoryPage; to: string; labelKey: string }> = [
  { category: 'all', to: '/tipsters', labelKey: 'tipstersPage.tabAll' },
  { category: 'premium', to: '/tipsters/premium', labelKey: 'tipstersPage.tabPremium' },
  { category: 'senior', to: '/tipsters/senior', labelKey: 'tipstersPage.tabSenior' },
];

/** SPEC §2 tipster list: 'TOP {CATEGORY} TIPSTERS', cards, 'Load more...', page size 5. */
export function TipstersPage({ category }: { category: CategoryPage }) {
  const { t } = useTranslation();
  const params: TipsterListParams = {
    category: categoryQueryOf(category),
    pageSize: PAGE_SIZES.tipsterList,
  };
  const list = useLoadMoreQuery(tipsterKeys.list(params), (page, signal) =>
    fetchTipsterPage(params, page, signal),
  );

  return (
    <>
      <PageMeta
        title={t(META_TITLE_KEYS[category])}
        description={t('pages.tipsters.description')}
        path={category === 'all' ? '/tipsters' : `/tipsters/${category}`}
      />
      <PageHeader title={t(TITLE_KEYS[category])} lede={t('pages.tipsters.description')} />
      <Container className="flex flex-col gap-6 py-8 md:py-12">
        <nav aria-label={t('tipstersPage.categoriesLabel')}>
          <ul className="flex flex-wrap gap-2">
            {TABS.map((tab) => (
              <li key={tab.category}>
                <ButtonLink
                  to={tab.to}
                  size="sm"
                  variant={tab.category === category ? 'primary' : 'ghost'}
                  aria-current={tab.category === category ? 'page' : undefined}
                  className={cx(tab.category !== category && 'border border-line-strong')}
                >
                  {t(tab.labelKey)}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </nav>

        <p data-ranking-rule className="max-w-3xl text-sm text-ink-muted">
          {t('rankings.listNote', { min: LEADERBOARD_MIN_SETTLED })}
        </p>

        <section
          aria-label={t(TITLE_KEYS[category])}
          aria-busy={list.isPending}
          className="flex flex-col gap-4"
        >
          <LoadMoreList
            list={list}
            skeletonCount={PAGE_SIZES.tipsterList}
            skeleton={<TipsterCardSkeleton />}
            empty={
              <EmptyState
                icon={<TrophyIcon className="size-7" />}
                title={t('tipstersPage.emptyTitle')}
                description={t('tipstersPage.empty')}
              />
            }
            renderItem={(tipster, index) => <TipsterCard tipster={tipster} isEager={index < 3} />}
          />
        </section>
      </Container>
      <HiddenKeywords />
    </>
  );
}
