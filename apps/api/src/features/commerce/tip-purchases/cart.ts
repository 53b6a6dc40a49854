import { unprocessable } from '../../../lib/app-error';
import { CART_PROBLEMS, matchLabel } from '../commerce-messages';
import type { Buyer, CartLine, LoadedCart, PlanChoices } from './cart.repo';

export type { AiPlanRow, Buyer, CartLine, PlanChoices } from './cart.repo';

export interface CartCheck {
  now: Date;
  owned: ReadonlySet<number>;
  /** The buyer's account, so a tipster cannot buy their own tip. */
  buyerUserId: number | null;
  /** Tips whose chosen plan is not sold with them. */
  refusedPlans?: ReadonlySet<number>;
}

/**
 * Every reason the cart cannot be sold, one message per tip, naming it. The whole cart is sold or
 * none of it, so any problem refuses the purchase.
 */
export function cartProblems(
  tipIds: readonly number[],
  lines: ReadonlyMap<number, CartLine>,
  check: CartCheck,
) {
  const problems: string[] = [];
  for (const id of tipIds) {
    const line = lines.get(id);
    if (!line) {
      problems.push(CART_PROBLEMS.unknown(id));
      continue;
    }
    const match = matchLabel(line.tip);
    if (check.refusedPlans?.has(id)) problems.push(CART_PROBLEMS.planNotSold(match));
    else if (line.tip.result !== null) problems.push(CART_PROBLEMS.finalized(match));
    else if (line.tip.eventTime.getTime() <= check.now.getTime())
      problems.push(CART_PROBLEMS.salesClosed(match));
    else if (line.tip.priceCents === 0) problems.push(CART_PROBLEMS.free(match));
    else if (check.buyerUserId !== null && line.tipster.userId === check.buyerUserId) {
      problems.push(CART_PROBLEMS.ownTip(match));
    } else if (check.owned.has(id)) problems.push(CART_PROBLEMS.owned(match));
  }
  return problems;
}

export interface PricedCart {
  lines: CartLine[];
  totalCents: number;
}

/**
 * Prices a cart read by `loadCart` (the client's prices are never read) or throws 422 with every
 * problem. Read the cart inside the purchase transaction so the check and the sale see the same rows.
 */
export function priceLoadedCart(
  { lines, owned, refusedPlans }: LoadedCart,
  tipIds: readonly number[],
  buyer: Buyer,
  now: Date,
): PricedCart {
  const problems = cartProblems(tipIds, lines, {
    now,
    owned,
    buyerUserId: buyer.userId,
    refusedPlans,
  });
  if (problems.length > 0) throw unprocessable(problems);
  const ordered = tipIds.map((id) => lines.get(id)!);
  return { lines: ordered, totalCents: ordered.reduce((sum, line) => sum + line.tip.priceCents, 0) };
}

/** An order's cart as bought: its tips, each under the plan its order item names (decision 190). */
export function cartOfOrderItems(items: readonly { tipId: number | null; aiPlanId: number | null }[]): {
  tipIds: number[];
  plans: Map<number, number>;
} {
  const tipIds: number[] = [];
  const plans = new Map<number, number>();
  for (const item of items) {
    if (item.tipId === null) continue;
    tipIds.push(item.tipId);
    if (item.aiPlanId !== null) plans.set(item.tipId, item.aiPlanId);
  }
  return { tipIds, plans };
}

/** A request body's plan choices (`plans: [{tipId, planId}]`) as the cart reads them. */
export function planChoicesOf(
  choices: readonly { tipId: number; planId: number }[] | undefined,
): PlanChoices {
  return new Map((choices ?? []).map((choice) => [choice.tipId, choice.planId]));
}
