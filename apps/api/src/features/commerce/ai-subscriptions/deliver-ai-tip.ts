import type { DbOrTx } from '../../../db/client';
import type { TipRow } from '../../../db/rows';
import { enqueueEmails } from '../../../infra/mail/outbox.repo';
import { aiTipDeliveredEmail } from '../emails/purchase-emails';
import { deliverToOpenSubscriptions, findPlansOfSameModel } from './ai-subscriptions.repo';

export interface DeliveryContext {
  now: Date;
  publicUrl: string;
}

/**
 * Hands a newly published AI model tip to every open subscription of a paid plan of the same
 * model (the weekly and monthly plans both follow the high model): an entitlement
 * (so it shows in Running Tips), one more delivery counted, and an email with the selection.
 * The tipster portal calls this in the transaction that publishes the tip, so publication and
 * deliveries commit together. A subscription is closed when it has received its plan's total.
 * Three statements for any number of subscribers (the plans, the deliveries, the emails by 500).
 * Returns how many subscribers received the tip.
 */
export async function deliverAiTipToSubscribers(
  tx: DbOrTx,
  tip: TipRow,
  ctx: DeliveryContext,
): Promise<number> {
  if (tip.aiPlanId === null || tip.result !== null) return 0;
  // The tip's plan and every plan of the same model, in one query.
  const modelPlans = await findPlansOfSameModel(tx, tip.aiPlanId);
  const plan = modelPlans.find((p) => p.id === tip.aiPlanId);
  if (!plan || plan.priceCents === 0) return 0;
  const paidPlans = modelPlans.filter((p) => p.priceCents > 0);
  const planNames = new Map(paidPlans.map((p) => [p.id, p.name]));
  const delivered = await deliverToOpenSubscriptions(tx, {
    planIds: paidPlans.map((p) => p.id),
    tipId: tip.id,
    now: ctx.now,
  });
  delivered.sort((a, b) => a.id - b.id);
  await enqueueEmails(
    tx,
    delivered.map((sub) =>
      aiTipDeliveredEmail({
        to: sub.email,
        language: sub.language,
        subscriptionId: sub.id,
        tipId: tip.id,
        planName: planNames.get(sub.plan_id) ?? plan.name,
        tip,
        delivered: sub.tips_delivered,
        total: sub.tips_total,
        dashboardUrl: sub.user_id !== null ? `${ctx.publicUrl}/dashboard` : null,
      }),
    ),
  );
  return delivered.length;
}
