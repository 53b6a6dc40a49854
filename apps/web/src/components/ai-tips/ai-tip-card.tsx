import { aiProfileImagePath } from '@tips/contract/rules';
import type { AiTip } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useFormatOdds } from '../../lib/odds';
import { formatPrice, matchTitle, useFormatKickOff } from '../../lib/tip-format';
import { BuyNowButton } from '../tips/buy-now-button';
import { PayButtonSlot } from '../tips/pay-button-slot';
import { categoryLabelKey, categoryTone } from '../tips/tip-labels';
import { Badge } from '../ui/badge';
import { CalendarIcon, LockIcon } from '../ui/public-icons';
import { aiPlanCopyKind, aiPlanOfCard } from './ai-plan-copy';

interface AiTipCardProps {
  aiTip: AiTip;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** SPEC §2: the AI tipster's picture is ai{n}.webp with n the tip id capped at 3 (the contract's rule). */
function aiImageUrl(id: number): string {
  return `/api/${aiProfileImagePath(id)}`;
}

/** SPEC §2: SUBSCRIBE (and the pay button) only for ids above 1; the first plan is free. */
function canSubscribe(id: number): boolean {
  return id > 1;
}

/** SPEC §2 AI tips: tipster name, category, price or FREE, match, selection, date; SUBSCRIBE for id > 1. */
export function AiTipCard({ aiTip, headingLevel = 'h3', className }: AiTipCardProps) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const formatOddsValue = useFormatOdds();
  const Heading = headingLevel;
  const match = matchTitle(aiTip.homeTeam, aiTip.awayTeam);
  const isSubscribable = canSubscribe(aiTip.id);
  const when = aiTip.eventTime ?? aiTip.date;
  // Two cards share the high model's pick (weekly and monthly plans): each says which plan it sells.
  const plan = aiPlanOfCard(aiTip.id);
  const planName = plan ? t(`aiTipsPage.plans.${aiPlanCopyKind(plan)}.name`) : null;
  return (
    <article
      aria-label={t('aiTipsPage.cardLabel', { name: aiTip.tipsterName })}
      className={cx(
        'relative flex flex-col overflow-hidden rounded-card border bg-panel shadow-card render-near-view-440',
        aiTip.isFree ? 'border-win/40' : 'border-line',
        className,
      )}
    >
      <div className="flex items-center gap-3.5 border-b border-line p-4">
        <img
          src={aiImageUrl(aiTip.id)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-full bg-pitch-700 object-cover ring-2 ring-info/60 ring-offset-2 ring-offset-pitch-900"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Heading className="font-display text-lg font-bold leading-tight">{aiTip.tipsterName}</Heading>
          <Badge tone={categoryTone(aiTip.category)} className="self-start">
            {t(categoryLabelKey(aiTip.category))}
          </Badge>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {plan && planName ? (
          <p data-testid="ai-card-plan" className="text-sm font-semibold text-info">
            {planName} · {t(`aiTipsPage.plans.${aiPlanCopyKind(plan)}.tips`, { total: plan.tips })}
          </p>
        ) : null}
        <p className="font-display text-xl font-bold leading-tight text-ink">
          {match ?? t('aiTipsPage.noMatch')}
        </p>
        <dl className="grid grid-cols-1 gap-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="inline-flex items-center gap-1.5 text-ink-subtle">
              <LockIcon className="size-4 text-gold-300" />
              {t('tipCard.selection')}:
            </dt>
            <dd className={cx('font-semibold', aiTip.selection ? 'text-win' : 'text-ink-muted')}>
              {aiTip.selection ?? t('tipCard.pending')}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="inline-flex items-center gap-1.5 text-ink-subtle">
              <CalendarIcon className="size-4 text-gold-300" />
              {t('aiTipsPage.date')}:
            </dt>
            <dd className="font-semibold text-ink">
              <time dateTime={when}>{formatKickOff(when)}</time>
            </dd>
          </div>
          {aiTip.odds != null && aiTip.modelEdge != null ? (
            <div className="flex flex-wrap items-center gap-x-2" data-testid="ai-model-edge">
              <dt className="text-ink-subtle">{t('aiTipsPage.modelEdgeLabel')}:</dt>
              <dd className="font-semibold text-ink">
                {t('aiTipsPage.modelEdge', {
                  edge: `${aiTip.modelEdge >= 0 ? '+' : ''}${(aiTip.modelEdge * 100).toFixed(1)}`,
                  odds: formatOddsValue(aiTip.odds),
                })}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-auto flex flex-col gap-3 border-t border-line pt-3">
          <p className="flex items-baseline justify-between gap-2">
            <span className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-subtle">
              {t('tipCard.price')}
            </span>
            <span
              className={cx(
                'font-display text-2xl font-extrabold',
                aiTip.isFree ? 'text-win' : 'text-gold-200',
              )}
            >
              {aiTip.isFree ? t('tipCard.free') : formatPrice(aiTip.price)}
            </span>
          </p>
          {isSubscribable && aiTip.tipId !== null ? (
            <div className="grid grid-cols-1 gap-2">
              {/* The card's plan goes with the pick: the monthly plan sells the weekly plan's pick. */}
              <BuyNowButton
                tipId={aiTip.tipId}
                planId={aiTip.id}
                labelKey="aiTipsPage.subscribe"
                accessibleContext={planName ? `${aiTip.tipsterName}, ${planName}` : aiTip.tipsterName}
                className="w-full"
              />
              <PayButtonSlot tipIds={[aiTip.tipId]} plans={[{ tipId: aiTip.tipId, planId: aiTip.id }]} />
            </div>
          ) : isSubscribable ? (
            <p className="text-center text-sm text-ink-muted">{t('aiTipsPage.noOpenTip')}</p>
          ) : (
            <p className="rounded-full bg-win/10 px-3 py-2 text-center text-xs font-bold uppercase tracking-wide text-win ring-1 ring-win/30">
              {t('aiTipsPage.freeForEveryone')}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

export function AiTipCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-card border border-line bg-panel"
    >
      {/* One pulse per part, not per bar (see TipCardSkeleton). */}
      <div className="flex animate-pulse items-center gap-3.5 border-b border-line p-4">
        <span className="size-14 rounded-full bg-pitch-700/60" />
        <span className="flex flex-1 flex-col gap-2">
          <span className="h-5 w-32 rounded bg-pitch-700/60" />
          <span className="h-5 w-24 rounded-full bg-pitch-700/40" />
        </span>
      </div>
      <div className="flex animate-pulse flex-col gap-3 p-4">
        <span className="h-6 w-3/4 rounded bg-pitch-700/60" />
        <span className="h-4 w-1/2 rounded bg-pitch-700/40" />
        <span className="h-4 w-2/3 rounded bg-pitch-700/40" />
        <span className="mt-2 h-8 w-full rounded bg-pitch-700/40" />
        <span className="h-9 rounded-full bg-pitch-700/50" />
      </div>
    </div>
  );
}
