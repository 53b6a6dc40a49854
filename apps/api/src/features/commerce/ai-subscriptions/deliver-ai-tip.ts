import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { aiPlans, aiSubscriptions, entitlements, type tips } from '../../../db/schema';
import { enqueueEmail } from '../../../infra/mail/outbox.repo';
import { aiTipDeliveredEmail } from '../emails/purchase-emails';

type TipRow = typeof tips.$inferSelect;

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
 * Returns how many subscribers received the tip.
 */
export async function deliverAiTipToSubscribers(
  tx: DbOrTx,
  tip: TipRow,
  ctx: DeliveryContext,
): Promise<number> {
  if (tip.aiPlanId === null || tip.result !== null) return 0;
  const [plan] = await tx.select().from(aiPlans).where(eq(aiPlans.id, tip.aiPlanId));
  if (!plan || plan.priceCents === 0) return 0;
  const modelPlans = await tx
    .select({ id: aiPlans.id, name: aiPlans.name })
    .from(aiPlans)
    .where(and(eq(aiPlans.category, plan.category), gt(aiPlans.priceCents, 0)));
  const planNames = new Map(modelPlans.map((p) => [p.id, p.name]));
  // Locked so that two publications at once count each delivery once and never exceed the total.
  const open = await tx
    .select()
    .from(aiSubscriptions)
    .where(
      and(
        inArray(
          aiSubscriptions.planId,
          modelPlans.map((p) => p.id),
        ),
        isNull(aiSubscriptions.completedAt),
        lt(aiSubscriptions.tipsDelivered, aiSubscriptions.tipsTotal),
      ),
    )
    .orderBy(asc(aiSubscriptions.id))
    .for('update');
  let delivered = 0;
  for (const sub of open) {
    const granted = await tx
      .insert(entitlements)
      .values({
        userId: sub.userId,
        buyerEmail: sub.userId === null ? sub.email : null,
        tipId: tip.id,
        orderId: sub.orderId,
        source: 'subscription',
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: entitlements.id });
    if (granted.length === 0) continue; // already theirs: it does not use up a delivery
    const [updated] = await tx
      .update(aiSubscriptions)
      .set({
        tipsDelivered: sql`${aiSubscriptions.tipsDelivered} + 1`,
        completedAt: sql`case when ${aiSubscriptions.tipsDelivered} + 1 >= ${aiSubscriptions.tipsTotal} then ${ctx.now.toISOString()}::timestamptz else null end`,
      })
      .where(eq(aiSubscriptions.id, sub.id))
      .returning();
    await enqueueEmail(
      tx,
      aiTipDeliveredEmail({
        to: sub.email,
        subscriptionId: sub.id,
        tipId: tip.id,
        planName: planNames.get(sub.planId) ?? plan.name,
        tip,
        delivered: updated.tipsDelivered,
        total: updated.tipsTotal,
        dashboardUrl: sub.userId !== null ? `${ctx.publicUrl}/dashboard` : null,
      }),
    );
    delivered++;
  }
  return delivered;
}
