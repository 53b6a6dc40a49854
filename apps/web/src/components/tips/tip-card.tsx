import type { Tip } from '@tips/contract/tips.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { useFormatOdds } from '../../lib/odds';
import { formatPrice, matchTitle, useFormatKickOff } from '../../lib/tip-format';
import { useFootballNames } from '../../lib/use-football-names';
import { Badge } from '../ui/badge';
import { ClockIcon } from '../ui/icons';
import { CheckIcon, LockIcon, TargetIcon } from '../ui/public-icons';
import { BuyNowButton } from './buy-now-button';
import { LastResults } from './last-results';
import { OddsNotVerified } from './odds-not-verified';
import { PayButtonSlot } from './pay-button-slot';
import { useSelectionLabel } from './selection-label';
import { TipAnalysis } from './tip-analysis';
import { categoryLabelKey, categoryTone, useBettingTypeLabel } from './tip-labels';
import { TipsterAvatar } from './tipster-avatar';

interface TipCardProps {
  tip: Tip;
  /** The match title's heading level, one below the list's heading. */
  headingLevel?: 'h2' | 'h3';
  /** A card of the first screen: its tipster photo loads eagerly and it is laid out at once. */
  isEager?: boolean;
  /** See PayButtonSlot: the landing page loads the pay button on interaction only. */
  payButtonLoadOn?: 'visible' | 'interaction';
  className?: string;
}

export function tipsterProfilePath(tipsterId: number): string {
  return `/tipster-profile/${tipsterId}`;
}

interface MetaItemProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}

function MetaItem({ icon, label, children, className }: MetaItemProps) {
  return (
    <div
      className={cx(
        'flex items-center justify-between gap-3 py-1.5 @3xl:flex-col @3xl:items-start @3xl:justify-start @3xl:gap-0.5 @3xl:py-0',
        className,
      )}
    >
      <dt className="inline-flex min-w-0 items-center gap-2 text-xs font-semibold uppercase tracking-[0.12em] text-ink-subtle">
        <span className="text-gold-300">{icon}</span>
        {label}
      </dt>
      {/* Wraps rather than spills: "Genaues Ergebnis (Halbzeit)" or a Russian kick-off with its zone
          is wider than a phone's card (issue #30.3). */}
      <dd className="min-w-0 text-end text-sm font-semibold text-balance break-words text-ink @3xl:text-start">
        {children}
      </dd>
    </div>
  );
}

// Narrow (a tile in a grid): everything stacked. From 48rem of card width (a row in a list):
// tipster | match and details | price and buttons.
const LAYOUT =
  'grid h-full grid-cols-1 gap-4 p-4 md:p-5 @3xl:grid-cols-[13rem_minmax(0,1fr)_12rem] @3xl:grid-rows-[auto_1fr] @3xl:gap-x-6 @3xl:gap-y-3';
const TIPSTER_AREA =
  'flex items-center gap-3 @3xl:row-span-2 @3xl:flex-col @3xl:items-start @3xl:justify-center';
const MATCH_AREA = 'flex min-w-0 flex-col gap-1 border-t border-line pt-4 @3xl:border-none @3xl:pt-0';
const META_AREA =
  'flex flex-col divide-y divide-line/70 @3xl:flex-row @3xl:flex-wrap @3xl:gap-x-7 @3xl:gap-y-2 @3xl:divide-y-0';
const BUY_AREA =
  'flex flex-col justify-center gap-3 border-t border-line pt-4 @3xl:row-span-2 @3xl:col-start-3 @3xl:row-start-1 @3xl:border-t-0 @3xl:border-s @3xl:ps-6 @3xl:pt-0';

/**
 * A tip as SPEC §2 lists it: tipster photo and name (linking to the profile), category, last 5
 * results, match, betting type, event time, price, BUY NOW and the pay button. The card lays
 * itself out by its own width (a container query): a tile in grids, a row in wide lists.
 */
export function TipCard({
  tip,
  headingLevel = 'h3',
  isEager = false,
  payButtonLoadOn = 'visible',
  className,
}: TipCardProps) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const names = useFootballNames();
  const eventName = tip.eventName ? names.competition(tip.competitionCode, tip.eventName) : null;
  const bettingTypeLabel = useBettingTypeLabel();
  const formatOddsValue = useFormatOdds();
  const selectionLabel = useSelectionLabel();
  const Heading = headingLevel;
  const match = matchTitle(tip.homeTeam, tip.awayTeam) ?? eventName ?? t('tipCard.tipNumber', { id: tip.id });
  const canBuy = !tip.isFree && !tip.isOwned;
  const isPending = tip.selection === null;

  return (
    <article
      aria-label={t('tipCard.ariaLabel', { match, tipster: tip.tipster.name })}
      className={cx(
        '@container rounded-card border border-line bg-panel shadow-card transition-colors hover:border-line-strong',
        // The first cards of a list are on screen at once: laid out from the start, never from an
        // estimate (a wide card is half as tall as a narrow one). Later ones wait until near view.
        !isEager && 'render-near-view-480',
        className,
      )}
    >
      <div className={LAYOUT}>
        <div className={TIPSTER_AREA}>
          <Link
            to={tipsterProfilePath(tip.tipster.id)}
            className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg @3xl:flex-none"
          >
            <TipsterAvatar name={tip.tipster.name} imageUrl={tip.tipster.profileImageUrl} isEager={isEager} />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="truncate font-semibold text-ink underline-offset-4 group-hover:text-gold-200 group-hover:underline">
                {tip.tipster.name}
              </span>
              <Badge tone={categoryTone(tip.tipster.category)} className="self-start">
                {t(categoryLabelKey(tip.tipster.category))}
              </Badge>
            </span>
          </Link>
          <span className="hidden @3xl:block">
            <LastResults results={tip.tipster.results} />
          </span>
        </div>

        <div className={MATCH_AREA}>
          {eventName ? (
            <p className="truncate text-xs font-bold uppercase tracking-[0.16em] text-gold-300">
              {eventName}
            </p>
          ) : null}
          <Heading className="font-display text-xl font-bold leading-tight text-ink md:text-2xl">
            {match}
          </Heading>
        </div>

        <dl className={META_AREA}>
          <MetaItem icon={<TargetIcon className="size-4" />} label={t('tipCard.bettingType')}>
            {bettingTypeLabel(tip.bettingType, tip.bettingTypeName)}
          </MetaItem>
          <MetaItem icon={<ClockIcon className="size-4" />} label={t('tipCard.eventTime')}>
            <time dateTime={tip.eventTime}>{formatKickOff(tip.eventTime)}</time>
          </MetaItem>
          <MetaItem icon={<TargetIcon className="size-4" />} label={t('oddsFormat.odds')}>
            <span data-testid="tip-odds">{formatOddsValue(tip.odds)}</span>
            {tip.oddsVerified === false ? <OddsNotVerified /> : null}
          </MetaItem>
          <MetaItem icon={<LockIcon className="size-4" />} label={t('tipCard.selection')}>
            {isPending ? (
              <span className="text-ink-muted">{t('tipCard.pending')}</span>
            ) : (
              <span className="text-win" data-testid="tip-selection">
                {selectionLabel(tip.selection ?? '')}
              </span>
            )}
          </MetaItem>
          {/* In a narrow tile the last results get their own row; in a wide row they sit under the name. */}
          <MetaItem
            icon={<CheckIcon className="size-4" />}
            label={t('tipCard.lastFive')}
            className="@3xl:hidden"
          >
            <LastResults results={tip.tipster.results} />
          </MetaItem>
        </dl>

        <div className={BUY_AREA}>
          <div className="flex items-baseline justify-between gap-2 @3xl:flex-col @3xl:items-stretch @3xl:gap-0">
            <span className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-subtle">
              {t('tipCard.price')}
            </span>
            {tip.isFree ? (
              <span className="font-display text-2xl font-extrabold text-win">{t('tipCard.free')}</span>
            ) : (
              <span className="font-display text-2xl font-extrabold text-gold-200">
                {formatPrice(tip.price)}
              </span>
            )}
          </div>
          {canBuy ? (
            <div className="grid grid-cols-2 gap-2 @3xl:grid-cols-1">
              <BuyNowButton tipId={tip.id} accessibleContext={match} className="w-full" />
              <PayButtonSlot tipIds={[tip.id]} loadOn={payButtonLoadOn} />
            </div>
          ) : (
            <p className="rounded-full bg-win/10 px-3 py-2 text-center text-xs font-bold uppercase tracking-wide text-win ring-1 ring-win/30">
              {tip.isOwned ? t('tipCard.owned') : t('tipCard.freeNote')}
            </p>
          )}
        </div>
      </div>
      <TipAnalysis reasoning={tip.reasoning} className="border-t border-line px-4 py-3 md:px-5" />
    </article>
  );
}

/** The card's footprint while the list loads (same paddings and offsets: no shift), drawn on one element. */
export function TipCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('@container rounded-card border border-line bg-panel shadow-card', className)}
    >
      {/* One pulse for the whole card: an animation per bar was an `animationstart` event per bar
          for React's root listener, 80 on the home page in one frame (issue #32.3). One element,
          not 16: see `skeleton-tip-card` in styles.css. */}
      <div className="skeleton-tip-card animate-pulse p-4 md:p-5" />
    </div>
  );
}
