import { aiPlanSoldWith } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { aiPlans, entitlements, tips, tipsters } from '../../../db/schema';
import { type TipWithTipster, tipSoldAsPlan } from '../../tips/tip-view';
import { tipWithTipsterColumns } from '../../tips/tip-view.repo';
import { fitsIntColumn } from '../db-ids';

export type AiPlanRow = typeof aiPlans.$inferSelect;

/** One tip of a cart as sold: the tip, its tipster and, for an AI model tip, its plan. */
export interface CartLine extends TipWithTipster {
  plan: AiPlanRow | null;
}

/** Who buys: a signed-in user, or a visitor known by an email address (PayPal payer, request form). */
export interface Buyer {
  userId: number | null;
  email: string | null;
}

/**
 * The cart's tips, their tipsters and plans, and for each whether the buyer already owns it, in one
 * prepared statement (every value a placeholder, so one SQL string for every buyer and cart). The
 * ownership test ignores the grants of `except` (an order id), so that re-checking an order that a
 * concurrent caller has just completed does not refuse it.
 */
const cartStatement = prepared((db) =>
  db
    .select({
      ...tipWithTipsterColumns,
      plan: aiPlans,
      owned: sql<boolean>`case when ${sql.placeholder('userId')}::int is not null
        then exists (select 1 from ${entitlements} e
          where e.user_id = ${sql.placeholder('userId')}::int and e.tip_id = ${tips.id}
            and (${sql.placeholder('except')}::uuid is null or e.order_id is distinct from ${sql.placeholder('except')}::uuid))
        else exists (select 1 from ${entitlements} e
          where e.user_id is null and lower(e.buyer_email) = lower(${sql.placeholder('email')}::text) and e.tip_id = ${tips.id}
            and (${sql.placeholder('except')}::uuid is null or e.order_id is distinct from ${sql.placeholder('except')}::uuid))
        end`,
    })
    .from(tips)
    .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
    // The line's plan: the buyer's choice where there is one (decision 190), else the tip's own.
    .leftJoin(
      aiPlans,
      eq(
        aiPlans.id,
        sql`coalesce((select c.plan_id from unnest(${sql.placeholder('choiceTips')}::int[],
          ${sql.placeholder('choicePlans')}::int[]) as c(tip_id, plan_id) where c.tip_id = ${tips.id}), ${tips.aiPlanId})`,
      ),
    )
    .where(sql`${tips.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('cart_lines_with_plans'),
);

export interface LoadedCart {
  lines: Map<number, CartLine>;
  /** The tips among the cart the buyer already owns. */
  owned: Set<number>;
  /** Tips whose chosen plan their model does not sell: the cart is refused (cartProblems). */
  refusedPlans: Set<number>;
}

/** Tip id → the plan its line is sold under, where the buyer chose another than the tip's own. */
export type PlanChoices = ReadonlyMap<number, number>;

const NO_CHOICES: PlanChoices = new Map();

/** The cart reads, bound to the database; the transaction, when there is one, last. */
export function createCartRepo(db: Db) {
  /**
   * The cart's tips with their tipsters and plans, and which of them the buyer owns (purchases
   * of `exceptOrderId` aside), in one statement.
   */
  async function loadCart(
    query: { tipIds: readonly number[]; plans?: PlanChoices; buyer?: Buyer; exceptOrderId?: string },
    tx: DbOrTx = db,
  ): Promise<LoadedCart> {
    const tipIds = query.tipIds.filter(fitsIntColumn);
    const lines = new Map<number, CartLine>();
    const owned = new Set<number>();
    const refusedPlans = new Set<number>();
    if (tipIds.length === 0) return { lines, owned, refusedPlans };
    const buyer = query.buyer ?? { userId: null, email: null };
    const choices = [...(query.plans ?? NO_CHOICES)].filter(([tipId]) => fitsIntColumn(tipId));
    const rows = await cartStatement(tx).execute({
      ids: tipIds,
      choiceTips: choices.map(([tipId]) => tipId),
      choicePlans: choices.map(([, planId]) => planId),
      userId: buyer.userId,
      email: buyer.userId === null ? buyer.email : null,
      except: query.exceptOrderId ?? null,
    });
    for (const { owned: isOwned, ...read } of rows) {
      const chosen = query.plans?.get(read.tip.id);
      let line: CartLine = read;
      if (chosen !== undefined && chosen !== read.tip.aiPlanId) {
        if (read.plan && aiPlanSoldWith(read.tip.aiPlanId, chosen)) line = tipSoldAsPlan(read, read.plan);
        else refusedPlans.add(read.tip.id);
      }
      lines.set(line.tip.id, line);
      if (isOwned) owned.add(line.tip.id);
    }
    return { lines, owned, refusedPlans };
  }

  /** An order's lines as sold: each under the plan its order item names (decision 190). */
  async function loadCartLines(
    tipIds: readonly number[],
    plans: PlanChoices = NO_CHOICES,
    tx: DbOrTx = db,
  ): Promise<Map<number, CartLine>> {
    return (await loadCart({ tipIds, plans }, tx)).lines;
  }

  return { loadCart, loadCartLines };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
