import type { Db, Tx } from '../../../db/client';
import { conflict, unauthorized, unprocessable } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { assertMayPurchase } from '../../safer-gambling/purchase-guard.repo';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import { createCommerceCore } from '../commerce-services';
import { debitOutcome, debitValues } from '../ledger/ledger.repo';
import type { FulfilContext, OrderFulfilment } from '../orders/order-fulfilment.service';
import { priceLoadedCart } from './cart';
import { loadCart } from './cart.repo';
import { lockBuyer, recordCreditSale } from './credit-sale.repo';

export interface CreditPurchaseResult {
  orderId: string;
  balanceCents: number;
  tipIds: number[];
}

/** What a credit purchase needs: a transaction and the repositories it runs in it (fakes in tests). */
export interface CreditsPurchaseDeps {
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  lockBuyer: typeof lockBuyer;
  loadCart: typeof loadCart;
  recordCreditSale: typeof recordCreditSale;
  grantTips: OrderFulfilment['grantTips'];
  /** Safer gambling: a time-out, self-exclusion or spending limit refuses the sale (422). */
  assertMayPurchase: typeof assertMayPurchase;
}

export type CreditsPurchaseService = ReturnType<typeof createCreditsPurchaseService>;

/** The real repositories on the app's database; the grant is the app's order fulfilment. */
export function creditsPurchaseDeps(
  db: Db,
  fulfilment: Pick<OrderFulfilment, 'grantTips'>,
): CreditsPurchaseDeps {
  return {
    transaction: (work) => db.transaction(work),
    lockBuyer,
    loadCart,
    recordCreditSale,
    grantTips: fulfilment.grantTips,
    assertMayPurchase,
  };
}

export function createCreditsPurchaseService(deps: CreditsPurchaseDeps) {
  /**
   * Pays a whole cart with credits, all or nothing, in one transaction: the user row is locked first
   * (so one user's purchases queue up and the ownership check cannot race), the cart is priced from
   * the database (ownership in the same statement), then the order with its single debit, the
   * entitlements and the email commit together: seven round trips from BEGIN to COMMIT (one more
   * when the cart holds an AI plan's tip: its subscription).
   */
  async function buyTips(
    userId: number,
    tipIds: readonly number[],
    ctx: FulfilContext,
  ): Promise<CreditPurchaseResult> {
    return deps.transaction(async (tx) => {
      const user = await deps.lockBuyer(tx, userId);
      if (!user) throw unauthorized();
      // Credits a PayPal refund or reversal could not take back are owed first (credit-debts.repo).
      if ((user.debt ?? 0) > 0) throw conflict(COMMERCE_MESSAGES.creditDebtOutstanding);
      const buyer = { userId, email: user.email };
      const cart = priceLoadedCart(await deps.loadCart(tx, tipIds, buyer), tipIds, buyer, ctx.now);
      // A time-out or self-exclusion refuses it; spending limits count deposits, and credits were
      // counted when they were bought, so this purchase deposits nothing (decision 130).
      await deps.assertMayPurchase(tx, userId, 0, ctx.now);
      if (user.balance < cart.totalCents) throw unprocessable(COMMERCE_MESSAGES.notEnoughCredits);

      const order = { id: newUuid(), amountCents: cart.totalCents };
      const sale = await deps.recordCreditSale(
        tx,
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
      );
      const debit = debitOutcome(sale);
      await deps.grantTips(
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
): Promise<CreditPurchaseResult> {
  const { fulfilment } = createCommerceCore(db);
  return createCreditsPurchaseService(creditsPurchaseDeps(db, fulfilment)).buyTips(userId, tipIds, ctx);
}
