import type { Tip } from '@tips/contract/tips.schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { OddsNotVerified } from '../../../components/tips/odds-not-verified';
import { useSelectionLabel } from '../../../components/tips/selection-label';
import { TipAnalysis } from '../../../components/tips/tip-analysis';
import { TipClosing } from '../../../components/tips/tip-closing';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { Badge } from '../../../components/ui/badge';
import { useFormatOdds } from '../../../lib/odds';
import { matchTitle } from '../../../lib/tip-format';
import { formatDashboardDateTime, formatRoundedUpPrice } from '../format';

interface DashboardTipRowProps {
  tip: Tip;
  /** Show the selection and odds (bought tips). */
  showSelection?: boolean;
  /** Show Win / Loss (settled tips). */
  showResult?: boolean;
  /** Buttons at the row's end. */
  actions?: ReactNode;
  /** Show the tipster's name (lists not grouped by tipster). */
  showTipster?: boolean;
}

function ResultBadge({ tip }: { tip: Tip }) {
  const { t } = useTranslation();
  if (!tip.isFinalized || tip.result === null) return null;
  if (tip.result === 'Void') return <Badge tone="neutral">{t('account.dashboard.void')}</Badge>;
  return tip.isWin ? (
    <Badge tone="win">{t('account.dashboard.win')}</Badge>
  ) : (
    <Badge tone="loss">{t('account.dashboard.loss')}</Badge>
  );
}

/** A tip in the dashboard's lists: teams, date (en-US), type, price rounded up (SPEC §2/§9). */
export function DashboardTipRow({
  tip,
  showSelection,
  showResult,
  actions,
  showTipster,
}: DashboardTipRowProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const formatOddsValue = useFormatOdds();
  const bettingTypeLabel = useBettingTypeLabel();
  const selectionLabel = useSelectionLabel();
  const match = matchTitle(tip.homeTeam, tip.awayTeam) ?? tip.eventName ?? t('account.dashboard.aiPlan');
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-pitch-950/40 p-3.5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-ink">{match}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
          <time dateTime={tip.eventTime}>{formatDashboardDateTime(tip.eventTime, language)}</time>
          <span>{bettingTypeLabel(tip.bettingType, tip.bettingTypeName)}</span>
          {showTipster ? <span>{tip.tipster.name}</span> : null}
        </p>
        {showSelection ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-ink-muted">
              {t('account.dashboard.selection')}{' '}
              <strong className="text-gold-200">
                {tip.selection === null ? t('account.dashboard.pending') : selectionLabel(tip.selection)}
              </strong>
            </span>
            <span className="text-ink-muted">
              {t('account.dashboard.odds')} <strong className="text-ink">{formatOddsValue(tip.odds)}</strong>
              {tip.oddsVerified === false ? <OddsNotVerified /> : null}
            </span>
            <TipClosing tip={tip} />
            {showResult ? <ResultBadge tip={tip} /> : null}
          </p>
        ) : null}
        {showSelection ? <TipAnalysis reasoning={tip.reasoning} /> : null}
        {showResult && tip.resultDetails ? (
          <p className="text-xs text-ink-subtle">{tip.resultDetails}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 sm:justify-end">
        {tip.plan && tip.plan.picks > 1 ? (
          // Issue #30.4: a pick of a plan, not a tip bought at the plan's price.
          <span className="text-sm font-semibold text-gold-200" data-testid="tip-row-plan">
            {t('aiPlanProgress.pickOf', { plan: t(`aiTipsPage.plans.${tip.plan.kind}.name`) })}
          </span>
        ) : (
          <span className="font-display text-xl font-bold text-gold-200">
            {formatRoundedUpPrice(tip.price)}
          </span>
        )}
        {actions}
      </div>
    </li>
  );
}
