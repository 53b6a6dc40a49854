import type { Clock } from '../../../lib/clock';
import type { CommerceRepos, RunInTransaction } from '../commerce-repos';
import type { OrderFulfilment } from '../orders/order-fulfilment.service';
import type { PaypalPort } from './paypal.port';

/** What the PayPal checkout and its order opening are built from (a file of its own: no import cycle). */
export interface PaypalCheckoutLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PaypalCheckoutDeps {
  /** Our side: the orders' status machine, the cart and balance reads, the purchase guard. */
  transaction: RunInTransaction;
  repo: Pick<
    CommerceRepos,
    | 'findOrderById'
    | 'findOrderByProviderId'
    | 'findOrderItems'
    | 'insertOrder'
    | 'transitionOrder'
    | 'failOpenOrder'
    | 'setProviderOrderId'
    | 'loadCart'
    | 'balanceOf'
    | 'creditDebtOf'
    | 'assertMayPurchase'
    | 'assertAddressesMayPurchase'
  >;
  /** The grant, in the transaction that completes the order. */
  fulfilment: Pick<OrderFulfilment, 'fulfilOrder'>;
  clock: Clock;
  paypal: PaypalPort;
  publicUrl: string;
  log: PaypalCheckoutLog;
}
