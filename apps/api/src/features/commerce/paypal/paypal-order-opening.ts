import {
  creditPriceCents,
  formatCredits,
  isValidCreditAmount,
  MESSAGES,
  PAYPAL_METHOD,
} from '@tips/contract';
import { badRequest, conflict, unavailable } from '../../../lib/app-error';
import { newUuid } from '../../../lib/ids';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import type { NewOrder, NewOrderItem } from '../orders/orders.repo';
import { type PlanChoices, priceLoadedCart } from '../tip-purchases/cart';
import type { PaypalOrder } from './paypal.port';
import type { PaypalCheckoutDeps } from './paypal-checkout-deps';

const CURRENCY = 'USD';

/**
 * Opening PayPal orders: our order row first (priced from the database, status CREATED), then the
 * PayPal order with `PayPal-Request-Id: create-<our id>` so a retried create cannot make two.
 * The browser gets PayPal's order id for the SDK's createOrder callback.
 */
export function createPaypalOrderOpening({ transaction, repo, clock, paypal, log }: PaypalCheckoutDeps) {
  async function openOrder(
    values: Omit<NewOrder, 'id' | 'method' | 'provider' | 'status'>,
    items: NewOrderItem[],
    description: string,
  ) {
    const now = clock.now();
    const order = await transaction(async (tx) => {
      // A signed-in buyer's open order reserves its share of the spending limits (visitors have
      // no account, so no limits: decision 087); the guard locks the buyer's row first.
      if (values.userId !== null && values.userId !== undefined) {
        await repo.assertMayPurchase({ userId: values.userId, amountCents: values.amountCents, now }, tx);
      }
      return repo.insertOrder(
        {
          ...values,
          id: newUuid(),
          method: PAYPAL_METHOD,
          provider: 'paypal',
          status: 'CREATED',
          currency: CURRENCY,
          createdAt: now,
          updatedAt: now,
        },
        items,
        tx,
      );
    });
    let created: PaypalOrder;
    try {
      created = await paypal.createOrder({
        referenceId: order.id,
        amountCents: order.amountCents,
        currency: order.currency,
        description,
        requestId: `create-${order.id}`,
      });
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'PayPal order creation failed');
      await repo.failOpenOrder(order.id, 'The PayPal order could not be created', clock.now());
      throw unavailable(COMMERCE_MESSAGES.paymentUnavailable);
    }
    await repo.setProviderOrderId(order.id, created.id, clock.now());
    return created.id;
  }

  /** POST /credits/buy: the price follows the credit-pack rule, computed here. */
  async function openCreditsOrder(userId: number, credits: number): Promise<string> {
    // The route's schema refuses it first (the same 400); the service does not rely on it (decision 105).
    if (!isValidCreditAmount(credits)) throw badRequest(MESSAGES.creditsOutOfRange);
    const creditsCents = credits * 100;
    return openOrder(
      { userId, type: 'CREDITS', amountCents: creditPriceCents(credits), creditsCents },
      [],
      `${formatCredits(creditsCents)} for your Tips Market account`,
    );
  }

  /** POST /tips/purchase/paypal: a cart priced from the database; refused whole if any tip is not for sale. */
  async function openTipsOrder(
    userId: number | null,
    tipIds: readonly number[],
    plans?: PlanChoices,
  ): Promise<string> {
    if (userId !== null && (await repo.creditDebtOf(userId)) > 0)
      throw conflict(COMMERCE_MESSAGES.creditDebtOutstanding);
    const buyer = { userId, email: null };
    const cart = priceLoadedCart(await repo.loadCart({ tipIds, plans, buyer }), tipIds, buyer, clock.now());
    return openOrder(
      { userId, type: 'TIPS', amountCents: cart.totalCents },
      cart.lines.map((line) => ({
        tipId: line.tip.id,
        aiPlanId: line.plan?.id ?? null,
        priceCents: line.tip.priceCents,
      })),
      `${cart.lines.length} football tip${cart.lines.length === 1 ? '' : 's'} from Tips Market`,
    );
  }

  return { openCreditsOrder, openTipsOrder };
}
