import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import { aiPlans } from '../../../db/schema';

/**
 * Every delivery of one tip in one statement, whatever the number of subscribers (it runs inside
 * the publishing transaction, so it must stay short):
 * - `open`: the open subscriptions of the model's paid plans (never a deleted account's), locked
 *   in id order, so that two publications at once count each delivery once and never exceed a
 *   plan's total;
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
        -- A deleted account receives nothing, even from a row its erasure missed (decision 088).
        and (user_id is null or exists (select 1 from users u
          where u.id = ai_subscriptions.user_id and u.deleted_at is null))
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

/** The plan and every plan of the same model, in one query. */
export async function findPlansOfSameModel(tx: DbOrTx, planId: number) {
  return tx
    .select({ id: aiPlans.id, name: aiPlans.name, priceCents: aiPlans.priceCents })
    .from(aiPlans)
    .where(
      eq(aiPlans.category, sql`(select ${aiPlans.category} from ${aiPlans} where ${aiPlans.id} = ${planId})`),
    );
}

export async function deliverToOpenSubscriptions(
  tx: DbOrTx,
  delivery: { planIds: number[]; tipId: number; now: Date },
) {
  return deliverStatement(tx, { ...delivery, now: delivery.now.toISOString() });
}
