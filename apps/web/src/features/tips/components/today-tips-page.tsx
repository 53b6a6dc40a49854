import { useQuery } from '@tanstack/react-query';
import {
  type CategoryPage,
  categoryQueryOf,
  PAGE_SIZES,
  TIP_LIST_SORTS,
  type TipListSort,
} from '@tips/contract/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { HiddenKeywords } from '../../../components/seo/hidden-keywords';
import { TipCard, TipCardSkeleton } from '../../../components/tips/tip-card';
import { TomorrowTipsHint } from '../../../components/tips/tomorrow-tips-hint';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { SparkIcon } from '../../../components/ui/icons';
import { LoadMoreList } from '../../../components/ui/load-more-list';
import { cx } from '../../../lib/cx';
import {
  KICK_OFF_DAYS,
  type KickOffDay,
  kickOffDayFrom,
  kickOffWindow,
  withKickOffDay,
} from '../../../lib/kick-off-day';
import { fetchTipPage, type TipListParams, tipKeys } from '../../../lib/queries/tips-api';
import { useLoadMoreQuery } from '../../../lib/use-load-more-query';
import {
  defaultTipFilters,
  filtersFromSearch,
  pathForFilters,
  sortFromSearch,
  withSort,
} from '../tip-filters';
import { TipsFilterPanel } from './tips-filter-panel';

const TITLE_KEYS: Record<CategoryPage, string> = {
  premium: 'pages.todayTips.titlePremium',
  senior: 'pages.todayTips.titleSenior',
  all: 'pages.todayTips.title',
};

const HEADING_KEYS: Record<KickOffDay, string> = {
  today: 'todayTipsPage.activeTips',
  tomorrow: 'todayTipsPage.activeTipsTomorrow',
  later: 'todayTipsPage.activeTipsLater',
};

/** Today (the SPEC's list), tomorrow, later: links, so each day has its address. */
function KickOffDayTabs({ day, path }: { day: KickOffDay; path: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('todayTipsPage.daysLabel')} className="flex flex-wrap gap-2">
      {KICK_OFF_DAYS.map((option) => (
        <Link
          key={option}
          to={withKickOffDay(path, option)}
          aria-current={option === day ? 'page' : undefined}
          className={cx(
            'rounded-full border px-4 py-1.5 text-sm font-bold uppercase tracking-wide transition-colors',
            option === day
              ? 'border-gold-400 bg-gold-400/15 text-gold-200'
              : 'border-line text-ink-muted hover:border-gold-400/50 hover:text-ink',
          )}
        >
          {t(`todayTipsPage.days.${option}`)}
        </Link>
      ))}
    </nav>
  );
}

/** Issue #30.1: the list's order, applied at once and kept in the address. */
function SortSelect({ sort, onChange }: { sort: TipListSort; onChange: (sort: TipListSort) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <label htmlFor={id} className="shrink-0 text-xs font-bold uppercase tracking-[0.16em] text-gold-300">
        {t('todayTipsPage.sortLabel')}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onChange(event.target.value as TipListSort)}
        className="h-10 min-w-0 flex-1 rounded-lg border border-line-strong bg-pitch-950/60 px-3 text-sm text-ink transition-colors hover:border-pitch-400 focus:border-gold-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-300 sm:flex-none"
      >
        {TIP_LIST_SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`todayTipsPage.sorts.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

const META_TITLE_KEYS: Record<CategoryPage, string> = {
  premium: 'todayTipsPage.metaTitlePremium',
  senior: 'todayTipsPage.metaTitleSenior',
  all: 'todayTipsPage.metaTitle',
};

/** SPEC §2 Today tips: filter panel, 'TODAY ACTIVE TIPS: {total}', pages of 5 with 'Load more...'. */
export function TodayTipsPage({ category }: { category: CategoryPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const applied = filtersFromSearch(category, search);
  const day = kickOffDayFrom(search);
  const sort = sortFromSearch(search);
  // The address of this list with other filters, keeping the chosen day and order.
  const pathOf = (filters = applied, listSort = sort) =>
    withSort(withKickOffDay(pathForFilters(filters), day), listSort);
  // Midnights, so the same strings (and query key) all day long.
  const dayWindow = kickOffWindow(day, new Date());
  const params: TipListParams = {
    kickOffFrom: dayWindow.kickOffFrom,
    kickOffTo: dayWindow.kickOffTo,
    category: categoryQueryOf(applied.category),
    pageSize: PAGE_SIZES.todayTips,
    filters: applied.bettingTypes,
    minPrice: applied.minPrice,
    maxPrice: applied.maxPrice,
    competitions: applied.competitions,
    minOdds: applied.minOdds,
    maxOdds: applied.maxOdds,
    sort,
  };
  const list = useLoadMoreQuery(tipKeys.list(params), (page, signal) => fetchTipPage(params, page, signal));
  // An empty today (late in the evening, say) offers tomorrow's tips with the same filters.
  const tomorrowParams: TipListParams = { ...params, ...kickOffWindow('tomorrow', new Date()), pageSize: 1 };
  const tomorrow = useQuery({
    queryKey: tipKeys.list(tomorrowParams),
    queryFn: ({ signal }) => fetchTipPage(tomorrowParams, 1, signal),
    enabled: day === 'today' && !list.isPending && !list.isError && list.totalItems === 0,
    select: (page) => page.totalItems,
  });
  const isFiltered = pathForFilters(applied) !== pathForFilters(defaultTipFilters(category));

  return (
    <>
      <PageMeta
        title={t(META_TITLE_KEYS[category])}
        description={t('pages.todayTips.description')}
        path={category === 'all' ? '/today-tips' : `/today-tips/${category}`}
      />
      <PageHeader title={t(TITLE_KEYS[category])} lede={t('pages.todayTips.description')} />
      <Container className="grid grid-cols-1 gap-6 py-8 md:py-12 lg:grid-cols-[19rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside className="lg:sticky lg:top-24">
          <TipsFilterPanel
            key={pathForFilters(applied)}
            applied={applied}
            onApply={(filters) => navigate(pathOf(filters))}
          />
        </aside>

        <section
          aria-labelledby="active-tips-heading"
          aria-busy={list.isPending}
          className="flex flex-col gap-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <KickOffDayTabs day={day} path={withSort(pathForFilters(applied), sort)} />
            <SortSelect sort={sort} onChange={(next) => navigate(pathOf(applied, next))} />
          </div>
          <h2
            id="active-tips-heading"
            className="font-display text-2xl font-extrabold uppercase tracking-wide md:text-3xl"
          >
            <span
              className="me-2 inline-block h-6 w-1.5 rounded-full bg-gold-400 align-[-0.1em]"
              aria-hidden="true"
            />
            {t(HEADING_KEYS[day], {
              total: list.isPending || list.isError ? '…' : list.totalItems,
            })}
          </h2>

          <LoadMoreList
            list={list}
            skeletonCount={PAGE_SIZES.todayTips}
            skeleton={<TipCardSkeleton />}
            empty={
              <EmptyState
                icon={<SparkIcon className="size-7" />}
                title={t('todayTipsPage.emptyTitle')}
                description={isFiltered ? t('todayTipsPage.emptyFiltered') : t('todayTipsPage.empty')}
                action={
                  day === 'today' ? (
                    <TomorrowTipsHint count={tomorrow.data} to={withKickOffDay(pathOf(), 'tomorrow')} />
                  ) : undefined
                }
              />
            }
            renderItem={(tip, index) => <TipCard tip={tip} isEager={index < 2} />}
          />
        </section>
      </Container>
      <HiddenKeywords />
    </>
  );
}
