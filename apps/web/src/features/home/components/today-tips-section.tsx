import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowRightIcon, SparkIcon } from '../../../components/ui/icons';

interface TodayTipsSectionProps {
  category: 'premium' | 'senior';
}

/** 'TODAY PREMIUM TIPS' / 'TODAY SENIOR TIPS' (SPEC §2 Home). The tip cards arrive with the tips feature. */
export function TodayTipsSection({ category }: TodayTipsSectionProps) {
  const { t } = useTranslation();
  const headingId = `home-${category}-tips`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
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
      <EmptyState
        icon={<SparkIcon className="size-7" />}
        title={t('home.noTipsTitle')}
        description={t('home.noTips')}
      />
    </section>
  );
}
