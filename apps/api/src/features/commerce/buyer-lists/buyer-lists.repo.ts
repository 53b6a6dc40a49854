import { offsetOf, totalPages } from '@tips/contract';
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { aiSubscriptions, entitlements, follows, tips, tipsters } from '../../../db/schema';
import type { TipWithTipster } from '../../tips/tip-view';
import { tipWithTipsterColumns } from '../../tips/tip-view.repo';

/** More than a dashboard column can show; bounds the work of one request. */
export const RUNNING_TIPS_LIMIT = 200;
export const FOLLOWED_TIPS_LIMIT = 200;

/**
 * The plan an owned AI pick came with (decision 190): the plan its order line was sold as, else
 * the subscription of the same model that delivered it, else the tip's own. A monthly subscriber
 * receives the high model's picks, published for the weekly plan, as picks of the monthly plan.
 */
const soldPlanId = sql<number | null>`case when ${tips.aiPlanId} is null then null else coalesce(
    (select oi.ai_plan_id from order_items oi
      where oi.order_id = ${entitlements.orderId} and oi.tip_id = ${tips.id}),
    (select s.plan_id from ai_subscriptions s join ai_plans p on p.id = s.plan_id
      where s.order_id = ${entitlements.orderId}
        and p.category = (select own.category from ai_plans own where own.id = ${tips.aiPlanId})
      order by s.id limit 1),
    ${tips.aiPlanId}) end`;

const ownedTipColumns = { ...tipWithTipsterColumns, soldPlanId };

/** An owned tip as its buyer got it: under the plan it came with. */
function asOwned({
  soldPlanId: planId,
  ...row
}: TipWithTipster & { soldPlanId: number | null }): TipWithTipster {
  return planId === null || planId === row.tip.aiPlanId
    ? row
    : { ...row, tip: { ...row.tip, aiPlanId: planId } };
}

/** Tips the user bought (or received by subscription) that are not settled yet, by kick-off. */
export async function findRunningTips(db: DbOrTx, userId: number): Promise<TipWithTipster[]> {
  const rows = await db
    .select(ownedTipColumns)
    .from(entitlements)
    .innerJoin(tips, eq(tips.id, entitlements.tipId))
    .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
    .where(and(eq(entitlements.userId, userId), isNull(tips.result)))
    .orderBy(asc(tips.eventTime), asc(tips.id))
    .limit(RUNNING_TIPS_LIMIT);
  return rows.map(asOwned);
}

/** Settled tips the user bought, newest kick-off first, one page and the total. */
export async function findTipHistory(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const owned = and(eq(entitlements.userId, userId), isNotNull(tips.result));
  const rows = await db
    .select(ownedTipColumns)
    .from(entitlements)
    .innerJoin(tips, eq(tips.id, entitlements.tipId))
    .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
    .where(owned)
    .orderBy(desc(tips.eventTime), desc(tips.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entitlements)
    .innerJoin(tips, eq(tips.id, entitlements.tipId))
    .where(owned);
  const totalItems = count?.n ?? 0;
  return { rows: rows.map(asOwned), totalItems, totalPages: totalPages(totalItems, pageSize) };
}

/** Open tips (kick-off ahead) of the tipsters the user follows, grouped by tipster then kick-off. */
export async function findFollowedTipstersTips(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<TipWithTipster[]> {
  return db
    .select(tipWithTipsterColumns)
    .from(follows)
    .innerJoin(tipsters, eq(tipsters.id, follows.tipsterId))
    .innerJoin(tips, eq(tips.tipsterId, follows.tipsterId))
    .where(and(eq(follows.userId, userId), isNull(tips.result), gt(tips.eventTime, now)))
    .orderBy(asc(tipsters.name), asc(tipsters.id), asc(tips.eventTime), asc(tips.id))
    .limit(FOLLOWED_TIPS_LIMIT);
}

/**
 * The user's AI plan subscriptions, newest first, each with when its latest pick arrived (the
 * newest entitlement of its order: the pick bought, then one per delivery).
 */
export async function findAiSubscriptions(db: DbOrTx, userId: number) {
  return db
    .select({
      id: aiSubscriptions.id,
      planId: aiSubscriptions.planId,
      tipsTotal: aiSubscriptions.tipsTotal,
      tipsDelivered: aiSubscriptions.tipsDelivered,
      createdAt: aiSubscriptions.createdAt,
      completedAt: aiSubscriptions.completedAt,
      lastPickAt: sql<Date | null>`(select max(${entitlements.createdAt}) from ${entitlements}
        where ${entitlements.orderId} = ${aiSubscriptions.orderId} and ${entitlements.userId} = ${userId})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(aiSubscriptions)
    .where(eq(aiSubscriptions.userId, userId))
    .orderBy(desc(aiSubscriptions.id))
    .limit(RUNNING_TIPS_LIMIT);
}
