import type { Db } from '../../db/client';
import { createPurchaseGuard } from '../safer-gambling/purchase-guard.repo';
import { createCreditDebtsRepo } from './ledger/credit-debts.repo';
import { createLedgerRepo } from './ledger/ledger.repo';
import { createFulfilmentRepo } from './orders/fulfilment.repo';
import { createOrdersRepo } from './orders/orders.repo';
import { createCartRepo } from './tip-purchases/cart.repo';
import { createCreditSaleRepo } from './tip-purchases/credit-sale.repo';

/**
 * Every repository the commerce money services are built from, each bound to the database by its
 * own file (the transaction last, optional: docs/architecture.md, "Wiring a service"). A service
 * declares what it uses with `Pick<CommerceRepos, …>`; its fast tests pass fakes instead.
 */
export function createCommerceRepos(db: Db) {
  return {
    ...createOrdersRepo(db),
    ...createFulfilmentRepo(db),
    ...createCartRepo(db),
    ...createCreditSaleRepo(),
    ...createLedgerRepo(db),
    ...createCreditDebtsRepo(db),
    /** Safer gambling's guard (decision 087): call it inside the purchase's transaction. */
    ...createPurchaseGuard(db),
  };
}

export type CommerceRepos = ReturnType<typeof createCommerceRepos>;

// What every money service is also built with: a transaction runner and the mail outbox.
export type { RunInTransaction } from '../../db/transactions';
export type { MailOutbox } from '../../infra/mail/outbox.repo';
