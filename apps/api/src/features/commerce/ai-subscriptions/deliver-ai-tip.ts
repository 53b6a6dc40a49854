import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import { aiPlans, type tips } from '../../../db/schema';
import { enqueueEmails } from '../../../infra/mail/outbox.repo';
import { aiTipDeliveredEmail } from '../emails/purchase-emails';

type TipRow = typeof tips.$inferSelect;

export interface DeliveryContext {
  now: Date;
  publicUrl: string;
}

/**
 * Every delivery of one tip in one statement, whatever the number of subscribers (it runs inside
 * the publishing transaction, so it must stay short):
 * - `open`: the open subscriptions of the model's paid plans, locked in id order, so that two
 *   publications at once count each delivery once and never exceed a plan's total;
 * - `first`: one per buyer (an account, or a visitor's address as the entitlement is keyed), the
 *   oldest, which is the one a delivery counts against;
 * - `granted`: the entitlements; a buyer who already had the tip gets none and uses up nothing;
 * - `delivered`: one more delivery for each subscription that granted one, closed at its total.
 */
const deliverStatement = preparedSql<{
  id: number;
  user_id: number | null;
  email: string;
  plan_id: number;
  tips_delivered: number;
  tips_total: number;
  language: string;
}>(
  'deliver_ai_tip',
  sql`with open as (
      select id, user_id, email, order_id,
        case when user_id is not null then 'u:' || user_id else 'e:' || lower(email) end as buyer
      from ai_subscriptions
      where plan_id = any(${sql.placeholder('planIds')}::int[]) and completed_at is null
        and tips_delivered < tips_total
      order by id
      for update
    ), first as (
      select distinct on (buyer) * from open order by buyer, id
    ), granted as (
      insert into entitlements (user_id, buyer_email, tip_id, order_id, source, created_at)
      select user_id, case when user_id is null then email end, ${sql.placeholder('tipId')}::int, order_id,
        'subscription', ${sql.placeholder('now')}::timestamptz
      from first
      on conflict do nothing
      returning case when user_id is not null then 'u:' || user_id else 'e:' || lower(buyer_email) end as buyer
    )
    update ai_subscriptions s
    set tips_delivered = s.tips_delivered + 1,
      completed_at = case when s.tips_delivered + 1 >= s.tips_total then ${sql.placeholder('now')}::timestamptz end
    from first f join granted g on g.buyer = f.buyer
    where s.id = f.id
    returning s.id, s.user_id, s.email, s.plan_id, s.tips_delivered, s.tips_total,
      -- The subscriber's email language, read here so the emails need no further query.
      coalesce((select u.language from users u where u.id = s.user_id), 'en') as language`,
);

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
  const modelPlans = await tx
    .select({ id: aiPlans.id, name: aiPlans.name, priceCents: aiPlans.priceCents })
    .from(aiPlans)
    .where(
      eq(
        aiPlans.category,
        sql`(select ${aiPlans.category} from ${aiPlans} where ${aiPlans.id} = ${tip.aiPlanId})`,
      ),
    );
  const plan = modelPlans.find((p) => p.id === tip.aiPlanId);
  if (!plan || plan.priceCents === 0) return 0;
  const paidPlans = modelPlans.filter((p) => p.priceCents > 0);
  const planNames = new Map(paidPlans.map((p) => [p.id, p.name]));
  const delivered = await deliverStatement(tx, {
    planIds: paidPlans.map((p) => p.id),
    tipId: tip.id,
    now: ctx.now.toISOString(),
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
