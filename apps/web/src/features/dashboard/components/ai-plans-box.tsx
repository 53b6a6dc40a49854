import type { AiSubscription } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { useAiSubscriptions } from '../api/dashboard-api';
import { formatDashboardDate } from '../format';
import { DashboardSection } from './dashboard-section';

/** The viewer's own calendar day of an instant (their zone). */
function isSameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * When the next pick is due, as a punter says it: a model publishes one pick a day, so tomorrow
 * when today's has arrived, else today. Null once the plan is complete.
 */
export function nextPickDay(subscription: AiSubscription, now: Date): 'today' | 'tomorrow' | null {
  if (subscription.completedAt !== null || subscription.picksDelivered >= subscription.picksTotal)
    return null;
  const last = subscription.lastPickAt ? new Date(subscription.lastPickAt) : null;
  return last && isSameLocalDay(last, now) ? 'tomorrow' : 'today';
}

/**
 * Issue #30.4: a bought AI plan shown as a plan — "2 of 7 delivered, next pick tomorrow" and when
 * the last pick is expected — rather than as the single tip it was sold with. Hidden without plans.
 */
export function AiPlansBox() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const plans = useAiSubscriptions();
  if (!plans.data || plans.data.length === 0) return null;
  const now = new Date();
  return (
    <DashboardSection title={t('aiPlanProgress.title')} testId="ai-plans" footer={t('aiPlanProgress.note')}>
      <ul className="flex flex-col gap-2.5">
        {plans.data.map((subscription) => {
          const next = nextPickDay(subscription, now);
          return (
            <li
              key={subscription.id}
              className="rounded-xl border border-line bg-pitch-950/40 px-4 py-3"
              data-testid="ai-plan"
            >
              <p className="font-semibold text-ink">{t(`aiTipsPage.plans.${subscription.plan.kind}.name`)}</p>
              <p className="text-sm text-ink">
                {t('aiPlanProgress.delivered', {
                  delivered: subscription.picksDelivered,
                  total: subscription.picksTotal,
                })}
                {next ? `, ${t(`aiPlanProgress.next.${next}`)}` : ''}
              </p>
              <p className="text-sm text-ink-muted">
                {subscription.completedAt
                  ? t('aiPlanProgress.completed', {
                      date: formatDashboardDate(subscription.completedAt, language),
                    })
                  : t('aiPlanProgress.lastAround', {
                      date: formatDashboardDate(subscription.lastPickAround, language),
                    })}
              </p>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}
