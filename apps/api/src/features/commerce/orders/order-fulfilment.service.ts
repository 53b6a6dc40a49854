import type { Tx } from '../../../db/client';
import { conflict } from '../../../lib/app-error';
import { CART_PROBLEMS, matchLabel } from '../commerce-messages';
import type { CommerceRepos, MailOutbox } from '../commerce-repos';
import { creditsReceiptEmail, tipsPurchasedEmail } from '../emails/purchase-emails';
import { cartOfOrderItems } from '../tip-purchases/cart';
import type { CartLine } from '../tip-purchases/cart.repo';
import type { OrderRow } from './orders.repo';

/**
 * Granting what a COMPLETED order bought: credits (one ledger entry) or tips (entitlements, AI plan
 * subscriptions), plus the buyer's email, all in the caller's transaction — the same transaction
 * that moved the order to COMPLETED, so a grant happens exactly when, and as often as, the
 * status transition does: once.
 */

export interface FulfilContext {
  now: Date;
  publicUrl: string;
  /**
   * The site language of the request that completed the order (a PayPal capture), for a visitor
   * buyer's email; an account's own users.language always wins. Absent (reconciler, admin) → English.
   */
  visitorLanguage?: string;
}

export interface TipBuyer {
  userId: number | null;
  email: string;
  firstName: string | null;
  /** The language of the buyer's emails (users.language, or the visitor's request language). */
  language: string;
}

export type TipSource = 'credits' | 'paypal' | 'manual';

export function dashboardUrl(ctx: FulfilContext): string {
  return `${ctx.publicUrl}/dashboard`;
}

/** What fulfilment is built from: the grant's repositories and the mail outbox (fakes in tests). */
export interface OrderFulfilmentDeps {
  repo: Pick<
    CommerceRepos,
    | 'insertEntitlements'
    | 'insertAiSubscriptions'
    | 'findBuyerAccount'
    | 'findOrderItems'
    | 'loadCartLines'
    | 'creditAccount'
    | 'repayCreditDebts'
  >;
  outbox: MailOutbox;
  /** The tipster's share of each sale, percent (TIPSTER_SHARE_PERCENT, decision 170). */
  sharePercent: number;
}

export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>;

/** Every function runs in the caller's transaction `tx`, never one of its own. */
export function createOrderFulfilment({ repo, outbox, sharePercent }: OrderFulfilmentDeps) {
  /** Entitlements (and AI subscriptions) for every line, then the email with the selections. */
  async function grantTips(
    tx: Tx,
    input: {
      order: Pick<OrderRow, 'id' | 'amountCents'>;
      lines: readonly CartLine[];
      buyer: TipBuyer;
      source: TipSource;
    },
    ctx: FulfilContext,
  ): Promise<{ refundedCents: number }> {
    const { order, buyer } = input;
    // Each tip granted now earns its tipster their share and the platform its commission, in the
    // same statement: a sale and its earnings commit together or not at all (decision 170).
    const grantedIds = await repo.insertEntitlements(
      {
        userId: buyer.userId,
        email: buyer.userId === null ? buyer.email : null,
        orderId: order.id,
        source: input.source,
        now: ctx.now,
        tipIds: input.lines.map((line) => line.tip.id),
        sale: {
          paidWith: input.source,
          sharePercent,
          lines: input.lines.map((line) => ({
            tipId: line.tip.id,
            tipsterId: line.tipster.id,
            tipsterHasAccount: line.tipster.userId !== null,
            priceCents: line.tip.priceCents,
          })),
        },
      },
      tx,
    );
    let refundedCents = 0;
    for (const line of input.lines) {
      if (grantedIds.has(line.tip.id)) continue;
      // Bought meanwhile by another route (e.g. with credits in another tab while PayPal was open).
      // A credits purchase is refused and rolled back; money already taken goes back as credits.
      if (input.source === 'credits') throw conflict(CART_PROBLEMS.owned(matchLabel(line.tip)));
      if (buyer.userId !== null) {
        await repo.creditAccount(
          {
            userId: buyer.userId,
            amountCents: line.tip.priceCents,
            reason: 'refund',
            reference: order.id,
            idempotencyKey: `order:${order.id}:refund:${line.tip.id}`,
            note: `Tip ${line.tip.id} was already owned`,
            now: ctx.now,
          },
          tx,
        );
        refundedCents += line.tip.priceCents;
      }
    }
    // The tip bought is a paid plan's first delivery; the rest arrive as the model publishes them.
    const plans = input.lines.flatMap((line) => (line.plan && line.plan.priceCents > 0 ? [line.plan] : []));
    if (plans.length > 0) {
      await repo.insertAiSubscriptions(
        plans.map((plan) => ({
          userId: buyer.userId,
          email: buyer.email,
          planId: plan.id,
          orderId: order.id,
          tipsTotal: plan.tipsTotal,
          tipsDelivered: 1,
          createdAt: ctx.now,
          completedAt: plan.tipsTotal <= 1 ? ctx.now : null,
        })),
        tx,
      );
    }
    await outbox.enqueueEmail(
      tipsPurchasedEmail({
        to: buyer.email,
        language: buyer.language,
        firstName: buyer.firstName,
        orderId: order.id,
        tips: input.lines.map((line) => line.tip),
        totalCents: order.amountCents,
        paidWith: input.source,
        refundedCents,
        dashboardUrl: buyer.userId !== null ? dashboardUrl(ctx) : null,
      }),
      tx,
    );
    return { refundedCents };
  }

  /** The buyer of a money order: the account, or the visitor's PayPal or request-form address. */
  async function buyerOf(tx: Tx, order: OrderRow, visitorLanguage = 'en'): Promise<TipBuyer> {
    if (order.userId !== null) {
      const user = await repo.findBuyerAccount(order.userId, tx);
      return { userId: user.id, email: user.email, firstName: user.firstName, language: user.language };
    }
    const email = order.payerEmail ?? order.contactEmail;
    if (!email) throw new Error(`order ${order.id} has neither a buyer account nor an email`);
    return { userId: null, email, firstName: order.contactFirstName, language: visitorLanguage };
  }

  /**
   * Grants a money order (PayPal or manual) that the caller has just moved to COMPLETED in `tx`.
   * Returns the buyer's balance for CREDITS orders.
   */
  async function fulfilOrder(
    tx: Tx,
    order: OrderRow,
    ctx: FulfilContext,
  ): Promise<{ balanceCents: number | null }> {
    if (order.status !== 'COMPLETED') throw new Error(`order ${order.id} is ${order.status}, not COMPLETED`);
    const source: TipSource = order.provider === 'manual' ? 'manual' : 'paypal';
    if (order.type === 'CREDITS') {
      if (order.userId === null || !order.creditsCents)
        throw new Error(`credits order ${order.id} has no account or amount`);
      const user = await repo.findBuyerAccount(order.userId, tx);
      const posted = await repo.creditAccount(
        {
          userId: user.id,
          amountCents: order.creditsCents,
          reason: source === 'manual' ? 'credit_request' : 'credit_purchase',
          reference: order.id,
          idempotencyKey: `order:${order.id}:credit`,
          createdBy: order.decidedBy,
          now: ctx.now,
        },
        tx,
      );
      // Credits owed after a PayPal reversal are paid from the new credits first.
      const balanceCents = posted.applied
        ? await repo.repayCreditDebts(
            { userId: user.id, orderId: order.id, balanceCents: posted.balanceCents, now: ctx.now },
            tx,
          )
        : posted.balanceCents;
      await outbox.enqueueEmail(
        creditsReceiptEmail({
          to: user.email,
          language: user.language,
          firstName: user.firstName,
          orderId: order.id,
          creditsCents: order.creditsCents,
          priceCents: order.amountCents,
          balanceCents,
          method: order.method,
          dashboardUrl: dashboardUrl(ctx),
        }),
        tx,
      );
      return { balanceCents };
    }
    const { tipIds, plans } = cartOfOrderItems(await repo.findOrderItems(order.id, tx));
    const lines = await repo.loadCartLines(tipIds, plans, tx);
    await grantTips(
      tx,
      {
        order,
        lines: tipIds.map((id) => lines.get(id)!),
        buyer: await buyerOf(tx, order, ctx.visitorLanguage),
        source,
      },
      ctx,
    );
    return { balanceCents: null };
  }

  return { grantTips, buyerOf, fulfilOrder };
}
