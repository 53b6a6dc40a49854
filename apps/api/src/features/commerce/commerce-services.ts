import type { Db } from '../../db/client';
import { transactionsOn } from '../../db/transactions';
import { createMailOutbox } from '../../infra/mail/outbox.repo';
import { createCommerceRepos } from './commerce-repos';
import type { EarningsTerms } from './earnings/earnings-rules';
import { createManualOrders } from './manual/manual-orders.service';
import { createOrderFulfilment } from './orders/order-fulfilment.service';

/**
 * The money services on the real repositories of one database: built once by the commerce module
 * (and once by the PayPal reconciler, a worker of its own); tests build them on fakes instead.
 * `earnings` is the sale split every grant posts (config.earnings, decision 170).
 */
export function createCommerceCore(db: Db, earnings: Pick<EarningsTerms, 'sharePercent'>) {
  const repo = createCommerceRepos(db);
  const outbox = createMailOutbox(db);
  const transaction = transactionsOn(db);
  const fulfilment = createOrderFulfilment({ repo, outbox, sharePercent: earnings.sharePercent });
  const manualOrders = createManualOrders({ transaction, repo, outbox, fulfilment });
  return { repo, outbox, transaction, fulfilment, manualOrders };
}

export type CommerceCore = ReturnType<typeof createCommerceCore>;
