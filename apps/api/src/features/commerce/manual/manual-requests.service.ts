import type { CreditRequestMethod, ManualRequestResponse, PurchaseRequestBody } from '@tips/contract';
import type { AppConfig } from '../../../config/env';
import type { Clock } from '../../../lib/clock';
import { shortOrderNumber } from '../emails/purchase-emails';
import type { OrderRow } from '../orders/orders.repo';
import type { ManualOrders } from './manual-orders.service';

export type ManualRequestsService = ReturnType<typeof createManualRequestsService>;

/** Request Purchase by a manual method: a pending order and the payment instructions by email. */
export function createManualRequestsService(deps: {
  manualOrders: Pick<ManualOrders, 'requestTipsPurchase' | 'requestCredits'>;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'mail' | 'manualPaymentDetails'>;
}) {
  const { supportEmail } = deps.config.mail;
  const context = () => ({
    now: deps.clock.now(),
    publicUrl: deps.config.publicUrl,
    supportEmail,
    paymentDetails: deps.config.manualPaymentDetails,
  });
  /** The popup's copy of the email's instructions: the same order number, details and address. */
  const paymentOf = (order: OrderRow, method: number): ManualRequestResponse['payment'] => ({
    orderNumber: shortOrderNumber(order.id),
    method,
    totalCents: order.amountCents,
    payTo: deps.config.manualPaymentDetails[method as keyof AppConfig['manualPaymentDetails']] ?? null,
    supportEmail,
  });
  return {
    /** Visitors too (userId null); `language` is the request's, for a visitor's email. */
    requestTips: async (userId: number | null, body: PurchaseRequestBody, language: string) =>
      paymentOf(
        await deps.manualOrders.requestTipsPurchase(userId, body, { ...context(), language }),
        body.method,
      ),
    requestCredits: async (userId: number, input: { credits: number; method: CreditRequestMethod }) =>
      paymentOf(await deps.manualOrders.requestCredits(userId, input, context()), input.method),
  };
}
