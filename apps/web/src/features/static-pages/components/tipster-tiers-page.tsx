import {
  formatDollars,
  KEEP_BARS,
  PERSON_TIERS,
  type PersonTier,
  PROMOTION_BARS,
  TIER_PRICE_CAP_CENTS,
  TIER_RULES,
  type TierBar,
} from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { dateLocale } from './date-locale';

/** The day these rules last changed (decision 165). */
export const TIERS_UPDATED_ON = '2026-11-27';

const TIER_KEYS: Record<PersonTier, string> = { NOVICE: 'novice', SENIOR: 'senior', PREMIUM: 'premium' };

/** The criteria of a bar as sentences, in the contract's numbers. */
function useBarLines(): (bar: TierBar) => string[] {
  const { t } = useTranslation();
  return (bar) => {
    const lines: string[] = [];
    if (bar.minSettledTips !== undefined)
      lines.push(t('tipsterTiers.criteria.settledTips', { n: bar.minSettledTips }));
    if (bar.minDays !== undefined) lines.push(t('tipsterTiers.criteria.days', { n: bar.minDays }));
    if (bar.minYieldPercent !== undefined)
      lines.push(t('tipsterTiers.criteria.yield', { value: bar.minYieldPercent }));
    if (bar.luckOneIn !== undefined) lines.push(t('tipsterTiers.criteria.luck', { n: bar.luckOneIn }));
    if (bar.verifiedRecord) lines.push(t('tipsterTiers.criteria.verified'));
    return lines;
  };
}

function RuleList({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-bold uppercase tracking-[0.18em] text-gold-300">{title}</h3>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-ink-muted marker:text-gold-400">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function TierCard({ tier }: { tier: PersonTier }) {
  const { t } = useTranslation();
  const barLines = useBarLines();
  const cap = TIER_PRICE_CAP_CENTS[tier];
  const reach = tier === 'NOVICE' ? [t('tipsterTiers.start')] : barLines(PROMOTION_BARS[tier]);
  const keep = tier === 'NOVICE' ? [t('tipsterTiers.keepNone')] : barLines(KEEP_BARS[tier]);
  return (
    <li className="flex flex-col gap-5 rounded-card border border-line bg-panel p-5 shadow-card md:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-2xl font-bold uppercase tracking-wide text-gold-200">
          {t(`tipsterCategory.${TIER_KEYS[tier]}`)}
        </h2>
        <p className="text-sm font-semibold text-ink">
          {cap === 0 ? t('tipsterTiers.freeOnly') : t('tipsterTiers.upTo', { price: formatDollars(cap) })}
        </p>
      </div>
      <RuleList title={t('tipsterTiers.reach')} lines={reach} />
      <RuleList title={t('tipsterTiers.keep')} lines={keep} />
    </li>
  );
}

/** The public statement of the tier rules (issue #28 part 2, decision 165): the numbers the daily review applies. */
export function TipsterTiersPage() {
  const { t, i18n } = useTranslation();
  const title = t('pages.tipsterTiers.title');
  const updated = t('staticPages.updatedOn', {
    date: new Date(`${TIERS_UPDATED_ON}T00:00:00Z`).toLocaleDateString(dateLocale(i18n.language), {
      dateStyle: 'long',
      timeZone: 'UTC',
    }),
  });
  const review = [
    t('tipsterTiers.review.daily'),
    t('tipsterTiers.review.window', { n: TIER_RULES.demotionWindowDays }),
    t('tipsterTiers.review.sample', { n: TIER_RULES.minTipsToJudge }),
    t('tipsterTiers.review.admin', { n: TIER_RULES.adminHoldDays }),
    t('tipsterTiers.review.prices'),
  ];
  return (
    <>
      <PageMeta title={title} description={t('pages.tipsterTiers.description')} />
      <PageHeader title={title} lede={t('tipsterTiers.lede')} eyebrow={updated} />
      <Container className="flex flex-col gap-10 py-10 md:py-14">
        <ol className="grid grid-cols-1 gap-5 lg:grid-cols-3">
          {PERSON_TIERS.map((tier) => (
            <TierCard key={tier} tier={tier} />
          ))}
        </ol>
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
          <section aria-labelledby="tiers-review" className="flex max-w-3xl flex-col gap-3">
            <h2 id="tiers-review" className="font-display text-2xl font-bold tracking-wide text-ink">
              {t('tipsterTiers.reviewTitle')}
            </h2>
            <ul className="flex list-disc flex-col gap-2 ps-5 leading-relaxed text-ink-muted marker:text-gold-400">
              {review.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tiers-terms" className="flex max-w-3xl flex-col gap-3">
            <h2 id="tiers-terms" className="font-display text-2xl font-bold tracking-wide text-ink">
              {t('tipsterTiers.termsTitle')}
            </h2>
            <dl className="flex flex-col gap-3 leading-relaxed">
              {(['yield', 'luck', 'verified'] as const).map((term) => (
                <div key={term}>
                  <dt className="font-semibold text-ink">{t(`tipsterTiers.terms.${term}Term`)}</dt>
                  <dd className="text-ink-muted">{t(`tipsterTiers.terms.${term}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <p>
          <Link
            to="/tipster-charter"
            className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
          >
            {t('tipsterTiers.charterLink')}
          </Link>
        </p>
      </Container>
    </>
  );
}
