import type { Db } from '../../../db/client';
import { conflict, unauthorized, unprocessable } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import type { CommerceRepos, RunInTransaction } from '../commerce-repos';
import { createCommerceCore } from '../commerce-services';
import { debitOutcome, debitValues } from '../ledger/ledger.repo';
import type { FulfilContext, OrderFulfilment } from '../orders/order-fulfilment.service';
import { type PlanChoices, priceLoadedCart } from './cart';

export interface CreditPurchaseResult {
  orderId: string;
  balanceCents: number;
  tipIds: number[];
}

/** What a credit purchase is built from: a transaction and the repositories it runs in it (fakes in tests). */
export interface CreditsPurchaseDeps {
  transaction: RunInTransaction;
  /** Safer gambling's guard refuses the sale during a time-out, self-exclusion or over a limit (422). */
  repo: Pick<CommerceRepos, 'lockBuyer' | 'loadCart' | 'recordCreditSale' | 'assertMayPurchase'>;
  fulfilment: Pick<OrderFulfilment, 'grantTips'>;
}

export type CreditsPurchaseService = ReturnType<typeof createCreditsPurchaseService>;

export function createCreditsPurchaseService(deps: CreditsPurchaseDeps) {
  /**
   * Pays a whole cart with credits, all or nothing, in one transaction: the user row is locked first
   * (so one user's purchases queue up and the ownership check cannot race), the cart is priced from
   * the database (ownership in the same statement), then the order with its single debit, the
   * entitlements with their earnings and the email commit together: eight round trips from BEGIN
   * to COMMIT (one more when the cart holds an AI plan's tip: its subscription).
   */
  async function buyTips(
    userId: number,
    tipIds: readonly number[],
    ctx: FulfilContext,
    plans?: PlanChoices,
  ): Promise<CreditPurchaseResult> {
    return deps.transaction(async (tx) => {
      const user = await deps.repo.lockBuyer(userId, tx);
      if (!user) throw unauthorized();
      // Credits a PayPal refund or reversal could not take back are owed first (credit-debts.repo).
      if ((user.debt ?? 0) > 0) throw conflict(COMMERCE_MESSAGES.creditDebtOutstanding);
      const buyer = { userId, email: user.email };
      const cart = priceLoadedCart(
        await deps.repo.loadCart({ tipIds, plans, buyer }, tx),
        tipIds,
        buyer,
        ctx.now,
      );
      // A time-out or self-exclusion refuses it; spending limits count deposits, and credits were
      // counted when they were bought, so this purchase deposits nothing (decision 130). The buyer's
      // row is locked already (lockBuyer, a statement before this one).
      await deps.repo.assertMayPurchase({ userId, amountCents: 0, now: ctx.now, buyerLocked: true }, tx);
      if (user.balance < cart.totalCents) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);

      const order = { id: newUuid(), amountCents: cart.totalCents };
      const sale = await deps.repo.recordCreditSale(
        {
          orderId: order.id,
          totalCents: cart.totalCents,
          tipIds: cart.lines.map((line) => line.tip.id),
          planIds: cart.lines.map((line) => line.plan?.id ?? null),
          prices: cart.lines.map((line) => line.tip.priceCents),
        },
        debitValues({
          userId,
          amountCents: cart.totalCents,
          reason: 'tip_purchase',
          reference: order.id,
          idempotencyKey: `order:${order.id}:debit`,
          now: ctx.now,
        }),
        tx,
      );
      const debit = debitOutcome(sale);
      await deps.fulfilment.grantTips(
        tx,
        {
          order,
          lines: cart.lines,
          buyer: { userId, email: user.email, firstName: user.firstName, language: user.language },
          source: 'credits',
        },
        ctx,
      );
      return {
        orderId: order.id,
        balanceCents: debit.balanceCents,
        tipIds: cart.lines.map((line) => line.tip.id),
      };
    });
  }

  return { buyTips };
}

/** One purchase on the real repositories (the crash test's child process and the benchmarks). */
export function buyTipsWithCredits(
  db: Db,
  userId: number,
  tipIds: readonly number[],
  ctx: FulfilContext,
  earnings: { sharePercent: number } = { sharePercent: 70 },
): Promise<CreditPurchaseResult> {
  return createCreditsPurchaseService(createCommerceCore(db, earnings)).buyTips(userId, tipIds, ctx);
}
