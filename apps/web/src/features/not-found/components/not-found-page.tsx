import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@tips/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AiTipCard, AiTipCardSkeleton } from '../../../components/ai-tips/ai-tip-card';
import { PageMeta } from '../../../components/layout/page-meta';
import { HiddenKeywords } from '../../../components/seo/hidden-keywords';
import { TipCard, TipCardSkeleton } from '../../../components/tips/tip-card';
import { TipsterCard, TipsterCardSkeleton } from '../../../components/tipsters/tipster-card';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowRightIcon, SparkIcon } from '../../../components/ui/icons';
import { ListError } from '../../../components/ui/list-states';
import { useAiTips } from '../../../lib/queries/ai-tips-query';
import { fetchTipPage, type TipListParams, tipKeys } from '../../../lib/queries/tips-api';
import { fetchTipsterPage, type TipsterListParams, tipsterKeys } from '../../../lib/queries/tipsters-api';

interface NotFoundPageProps {
  /** The path the visitor asked for. */
  location: string;
}

// SPEC §7: the not-found page loads 4 tips and 4 tipsters, picked at random.
const TIP_PARAMS: TipListParams = { category: '', pageSize: PAGE_SIZES.notFound, random: true };
const TIPSTER_PARAMS: TipsterListParams = { category: '', pageSize: PAGE_SIZES.notFound, random: true };

interface ColumnProps<T> {
  id: string;
  title: string;
  to: string;
  query: { isPending: boolean; isError: boolean; data: readonly T[] | undefined; refetch: () => unknown };
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => number;
  skeleton: ReactNode;
}

function Column<T>({ id, title, to, query, renderItem, getKey, skeleton }: ColumnProps<T>) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} aria-busy={query.isPending} className="flex min-w-0 flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="font-display text-2xl font-extrabold uppercase tracking-wide">
          <span
            className="me-2 inline-block h-5 w-1.5 rounded-full bg-gold-400 align-[-0.05em]"
            aria-hidden="true"
          />
          {title}
        </h2>
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-semibold text-gold-200 underline-offset-4 hover:underline"
        >
          {t('notFoundPage.seeAll')}
          <span className="sr-only">: {title}</span>
          <ArrowRightIcon className="size-4 flip-rtl" />
        </Link>
      </div>
      {query.isPending ? (
        <ul className="flex flex-col gap-4">
          {Array.from({ length: PAGE_SIZES.notFound }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={`placeholder-${index}`}>{skeleton}</li>
          ))}
        </ul>
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : !query.data || query.data.length === 0 ? (
        <EmptyState icon={<SparkIcon className="size-7" />} title={t('notFoundPage.emptyTitle')} />
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.map((item) => (
            <li key={getKey(item)} className="flex">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** SPEC §2 not-found: 'Are you looking for {location}', AI tips, today's tips, tipsters, about. */
export function NotFoundPage({ location }: NotFoundPageProps) {
  const { t } = useTranslation();
  const aiTips = useAiTips();
  const tips = useQuery({
    queryKey: tipKeys.list(TIP_PARAMS),
    queryFn: ({ signal }) => fetchTipPage(TIP_PARAMS, 1, signal),
    select: (page) => page.data,
  });
  const tipsters = useQuery({
    queryKey: tipsterKeys.list(TIPSTER_PARAMS),
    queryFn: ({ signal }) => fetchTipsterPage(TIPSTER_PARAMS, 1, signal),
    select: (page) => page.data,
  });

  return (
    <>
      <PageMeta title={t('pages.notFound.title')} description={t('pages.notFound.description')} noIndex />
      <section className="border-b border-line bg-hero py-12 md:py-16">
        <Container className="flex flex-col items-center gap-5 text-center">
          <p
            className="font-display text-7xl font-extrabold text-gold-gradient md:text-8xl"
            aria-hidden="true"
          >
            404
          </p>
          <h1 className="max-w-3xl break-words font-display text-3xl font-extrabold tracking-wide md:text-4xl">
            {t('notFound.heading', { location })}
          </h1>
          <p className="max-w-xl text-ink-muted">{t('pages.notFound.description')}</p>
          <ButtonLink to="/" variant="secondary">
            {t('common.backHome')}
          </ButtonLink>
        </Container>
      </section>

      <Container className="flex flex-col gap-12 py-10 md:py-14">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-3 lg:gap-6">
          <Column
            id="lost-ai-tips"
            title={t('notFound.aiTips')}
            to="/today-ai-tips"
            query={{ ...aiTips, data: aiTips.data?.slice(0, PAGE_SIZES.notFound) }}
            getKey={(aiTip) => aiTip.id}
            renderItem={(aiTip) => <AiTipCard aiTip={aiTip} className="w-full" />}
            skeleton={<AiTipCardSkeleton />}
          />
          <Column
            id="lost-active-tips"
            title={t('notFound.activeTips')}
            to="/today-tips"
            query={tips}
            getKey={(tip) => tip.id}
            renderItem={(tip) => <TipCard tip={tip} className="w-full" />}
            skeleton={<TipCardSkeleton />}
          />
          <Column
            id="lost-tipsters"
            title={t('notFound.tipsters')}
            to="/tipsters"
            query={tipsters}
            getKey={(tipster) => tipster.id}
            renderItem={(tipster) => (
              <TipsterCard tipster={tipster} headingLevel="h3" isCompact className="w-full" />
            )}
            skeleton={<TipsterCardSkeleton isCompact />}
          />
        </div>

        <Card as="section" aria-labelledby="lost-about" className="flex flex-col gap-3">
          <h2 id="lost-about" className="font-display text-2xl font-extrabold uppercase tracking-wide">
            {t('home.aboutTitle')}
          </h2>
          <p className="text-ink-muted">{t('home.aboutText')}</p>
          <Link
            to="/about"
            className="self-start font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200"
          >
            {t('home.readMore')}
          </Link>
        </Card>
      </Container>
      <HiddenKeywords />
    </>
  );
}
