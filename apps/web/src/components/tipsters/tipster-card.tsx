import type { RankedTipster, Tipster } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { formatSignedUnits } from '../../lib/tip-format';
import { useFootballNames } from '../../lib/use-football-names';
import { LastResults } from '../tips/last-results';
import { tipsterProfilePath } from '../tips/tip-card';
import { categoryLabelKey, categoryTone } from '../tips/tip-labels';
import { TipsterAvatar } from '../tips/tipster-avatar';
import { Badge } from '../ui/badge';
import { ButtonLink } from '../ui/button';
import { MapPinIcon } from '../ui/public-icons';
import { FollowButton } from './follow-button';

interface TipsterCardProps {
  /** A list's tipster carries the figures the list is ranked by (decision 160); others do not. */
  tipster: Tipster & Partial<Pick<RankedTipster, 'profit' | 'settledTips'>>;
  headingLevel?: 'h2' | 'h3';
  /** Hide the bio (narrow columns such as the not-found page). */
  isCompact?: boolean;
  /** A card of the first screen: its photo loads eagerly and it is laid out at once. */
  isEager?: boolean;
  className?: string;
}

/** SPEC §2 tipster list: logo (opens the profile), name, category, last 5, FOLLOW/UNFOLLOW, View Profile. */
export function TipsterCard({
  tipster,
  headingLevel = 'h2',
  isCompact = false,
  isEager,
  className,
}: TipsterCardProps) {
  const { t } = useTranslation();
  const names = useFootballNames();
  const Heading = headingLevel;
  const profilePath = tipsterProfilePath(tipster.id);
  return (
    <article
      className={cx(
        '@container rounded-card border border-line bg-panel shadow-card transition-colors hover:border-line-strong',
        // As tip cards (tip-card.tsx): the first ones are laid out at once, later ones near view.
        !isEager && 'render-near-view-320 md:render-near-view-190',
        className,
      )}
    >
      <div className="grid grid-cols-1 gap-4 p-4 md:p-5 @3xl:grid-cols-[minmax(0,1fr)_auto] @3xl:items-center @3xl:gap-6">
        <div className="flex min-w-0 items-start gap-4">
          {/* A second, larger target for pointer users; keyboard and screen-reader users get the name link. */}
          <Link to={profilePath} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
            <TipsterAvatar
              name={tipster.name}
              imageUrl={tipster.profileImageUrl}
              size="lg"
              isEager={isEager}
            />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Heading className="font-display text-xl font-bold leading-tight md:text-2xl">
                <Link
                  to={profilePath}
                  className="hover:text-gold-200 hover:underline hover:underline-offset-4"
                >
                  {tipster.name}
                </Link>
              </Heading>
              <Badge tone={categoryTone(tipster.category)}>{t(categoryLabelKey(tipster.category))}</Badge>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-ink-muted">
              {tipster.location ? (
                <span className="inline-flex items-center gap-1.5">
                  <MapPinIcon className="size-4 text-gold-300" />
                  {names.location(tipster.location)}
                </span>
              ) : null}
              {/* Each count by its language's plural rules (one, two, few, many…) and digits. */}
              <span data-record>
                {t('tipstersPage.recordCounts', {
                  wins: t('tipstersPage.wins', { count: tipster.totalWins }),
                  losses: t('tipstersPage.losses', { count: tipster.totalLosses }),
                })}
              </span>
              {tipster.profit !== undefined && tipster.settledTips !== undefined ? (
                // The measure the list is ordered by, and its sample (decision 160).
                <span data-ranking className="inline-flex flex-wrap gap-x-3">
                  <span>
                    {t('rankings.profitLabel')}{' '}
                    <strong
                      dir="ltr"
                      className={cx('font-semibold', tipster.profit < 0 ? 'text-loss' : 'text-win')}
                    >
                      {formatSignedUnits(tipster.profit)}
                    </strong>
                  </span>
                  <span>
                    {t('rankings.sampleLabel')}{' '}
                    <strong className="font-semibold text-ink">{tipster.settledTips}</strong>
                  </span>
                </span>
              ) : null}
            </div>
            <LastResults results={tipster.results} size="md" className="mt-1" />
            {!isCompact && tipster.bio ? (
              <p className="mt-1 line-clamp-2 max-w-3xl text-sm text-ink-muted">
                {names.bio(tipster, t(categoryLabelKey(tipster.category)))}
              </p>
            ) : null}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 @3xl:flex @3xl:w-44 @3xl:flex-col">
          <FollowButton
            tipsterId={tipster.id}
            tipsterName={tipster.name}
            isFollowed={tipster.isFollowed}
            className="w-full"
          />
          <ButtonLink to={profilePath} variant="secondary" size="sm" className="w-full">
            {t('tipstersPage.viewProfile')}
            <span className="sr-only"> {tipster.name}</span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

export function TipsterCardSkeleton({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <div aria-hidden="true" className="@container rounded-card border border-line bg-panel shadow-card">
      {/* One pulse for the whole card (see TipCardSkeleton). */}
      <div className="grid animate-pulse grid-cols-1 gap-4 p-4 md:p-5 @3xl:grid-cols-[minmax(0,1fr)_auto] @3xl:items-center @3xl:gap-6">
        <div className="flex items-start gap-4">
          <span className="size-16 shrink-0 rounded-full bg-pitch-700/60" />
          <span className="flex flex-1 flex-col gap-2.5">
            <span className="h-6 w-40 rounded bg-pitch-700/60" />
            <span className="h-4 w-56 max-w-full rounded bg-pitch-700/40" />
            <span className="h-6 w-36 rounded-full bg-pitch-700/40" />
            {isCompact ? null : <span className="h-10 w-full max-w-3xl rounded bg-pitch-700/30" />}
          </span>
        </div>
        <div className="grid grid-cols-2 gap-2 @3xl:flex @3xl:w-44 @3xl:flex-col">
          <span className="h-9 rounded-full bg-pitch-700/60" />
          <span className="h-9 rounded-full bg-pitch-700/40" />
        </div>
      </div>
    </div>
  );
}
