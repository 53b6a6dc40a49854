import { PAGE_SIZES } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { TipCard, TipCardSkeleton } from '../../../components/tips/tip-card';
import { TomorrowTipsHint } from '../../../components/tips/tomorrow-tips-hint';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowRightIcon, SparkIcon } from '../../../components/ui/icons';
import { ListError } from '../../../components/ui/list-states';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { type HomeTipsCategory, useHomeTips, useTomorrowTipCount } from '../api/home-tips';

const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4';

/** 'TODAY PREMIUM TIPS' / 'TODAY SENIOR TIPS' (SPEC §2 Home): 4 tips and 'View All … Tips'. */
export function TodayTipsSection({ category }: { category: HomeTipsCategory }) {
  const { t } = useTranslation();
  const tips = useHomeTips(category);
  // The cards render in a background pass split into short tasks, not in the query's synchronous
  // update: the sections' data now arrives after the first frame (issue #32.3).
  const page = useDeferredData(tips.data).data;
  const isEmptyToday = page !== undefined && page.data.length === 0;
  const tomorrow = useTomorrowTipCount(category, isEmptyToday);
  const headingId = `home-${category}-tips`;
  return (
    <section aria-labelledby={headingId} aria-busy={!page && !tips.isError} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id={headingId}
          className="font-display text-2xl font-extrabold uppercase tracking-wide md:text-3xl"
        >
          <span
            className="me-2 inline-block h-6 w-1.5 rounded-full bg-gold-400 align-[-0.1em]"
            aria-hidden="true"
          />
          {t(category === 'premium' ? 'home.premiumTitle' : 'home.seniorTitle')}
        </h2>
        <ButtonLink to={`/today-tips/${category}`} variant="ghost" size="sm" className="text-gold-200">
          {t('home.viewAll', { category: t(`categories.${category}`) })}
          <ArrowRightIcon className="size-4 flip-rtl" />
        </ButtonLink>
      </div>
      {tips.isError && !page ? (
        <ListError onRetry={() => void tips.refetch()} />
      ) : !page ? (
        <ul className={GRID}>
          {Array.from({ length: PAGE_SIZES.home }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={`placeholder-${index}`}>
              <TipCardSkeleton className="h-full" />
            </li>
          ))}
        </ul>
      ) : page.data.length === 0 ? (
        <EmptyState
          icon={<SparkIcon className="size-7" />}
          title={t('home.noTipsTitle')}
          description={t('home.noTips')}
          action={<TomorrowTipsHint count={tomorrow.data} to={`/today-tips/${category}?day=tomorrow`} />}
        />
      ) : (
        <ul className={GRID}>
          {page.data.map((tip) => (
            <li key={tip.id}>
              <TipCard tip={tip} payButtonLoadOn="interaction" className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
