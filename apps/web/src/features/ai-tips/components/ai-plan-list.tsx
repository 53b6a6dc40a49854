import type { AiModelFigures } from '@tips/contract/ai-model.schemas';
import { AI_PLANS, type AiPlan } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { MeasuredRates } from '../../../components/ai-tips/ai-model-figures';
import { aiPlanCopyKind } from '../../../components/ai-tips/ai-plan-copy';
import { CheckIcon, RobotIcon } from '../../../components/ui/public-icons';
import { cx } from '../../../lib/cx';
import { formatPrice } from '../../../lib/tip-format';

const MODELS: Record<AiPlan['category'], 'low' | 'medium' | 'high'> = {
  'Low AI Model': 'low',
  'Medium AI Model': 'medium',
  'High AI Model': 'high',
};

/** The contract's plan as this list names it: the free plan has its own copy; prices in dollars. */
function planView(plan: AiPlan) {
  return {
    ...plan,
    model: MODELS[plan.category],
    kind: aiPlanCopyKind(plan),
    price: plan.priceCents / 100,
  };
}

/**
 * SPEC §1/§2: the four AI plans with model, advertised win rate, number of tips and price; beside
 * the advertised rate, the measured ones (backtest and live, with their sample sizes).
 */
export function AiPlanList({ figures }: { figures?: AiModelFigures }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
      {AI_PLANS.map(planView).map((plan) => {
        const isHigh = plan.model === 'high';
        return (
          <li
            key={plan.id}
            className={cx(
              'relative flex flex-col gap-4 rounded-card border p-5 shadow-card',
              isHigh
                ? 'border-gold-400/50 bg-gradient-to-b from-gold-400/12 to-pitch-900'
                : 'border-line bg-panel',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <span className="inline-flex items-center gap-2 text-xs font-bold uppercase tracking-[0.16em] text-info">
                <RobotIcon className="size-4.5" />
                {t(`aiTipsPage.models.${plan.model}`)}
              </span>
              <span className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">
                #{plan.id}
              </span>
            </div>
            <h3 className="font-display text-2xl font-extrabold uppercase tracking-wide">
              {t(`aiTipsPage.plans.${plan.kind}.name`)}
            </h3>
            {/* Issue #30.4: the SPEC's rate is the plan's target, said so, and no bigger than the
                measured rates beside it. */}
            <p className="flex flex-wrap items-baseline gap-2" data-testid="plan-target-rate">
              <span
                className={cx('font-display text-3xl font-extrabold', isHigh ? 'text-gold-200' : 'text-ink')}
              >
                {plan.winRate}%
              </span>
              <span className="text-sm text-ink-muted">{t('aiModel.advertised')}</span>
            </p>
            <MeasuredRates
              tier={figures?.tiers.find((tier) => tier.category === plan.category)}
              backtest={figures?.backtest}
            />
            <ul className="flex flex-col gap-2 text-sm text-ink-muted">
              <li className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-win" strokeWidth={3} />
                {t(`aiTipsPage.plans.${plan.kind}.tips`, { total: plan.tips })}
              </li>
              <li className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-win" strokeWidth={3} />
                {t(`aiTipsPage.plans.${plan.kind}.detail`)}
              </li>
            </ul>
            <p className="mt-auto border-t border-line pt-4 font-display text-3xl font-extrabold">
              {plan.price === 0 ? (
                <span className="text-win">{t('tipCard.free')}</span>
              ) : (
                <span className="text-gold-200">{formatPrice(plan.price)}</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
