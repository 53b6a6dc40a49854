import type { OrderStatus } from '@tips/contract';
import type { Db, Tx } from '../../db/client';
import { enqueueEmail, type OutgoingEmail } from '../../infra/mail/outbox.repo';
import { assertAddressesMayPurchase, assertMayPurchase } from '../safer-gambling/purchase-guard.repo';
import { creditDebtOf, repayCreditDebts } from './ledger/credit-debts.repo';
import { balanceOf, creditAccount, type LedgerPosting } from './ledger/ledger.repo';
import {
  findAccountContact,
  findBuyerAccount,
  insertAiSubscriptions,
  insertEntitlements,
} from './orders/fulfilment.repo';
import {
  failOpenOrder,
  findOrderById,
  findOrderByProviderId,
  findOrderItems,
  insertOrder,
  type NewOrder,
  type NewOrderItem,
  setProviderOrderId,
  transitionOrder,
} from './orders/orders.repo';
import { type Buyer, loadCart, loadCartLines } from './tip-purchases/cart.repo';

/**
 * The repositories the commerce services (manual orders, fulfilment, PayPal checkout) are built
 * from, bound to the app's database: each takes its arguments, then an optional transaction
 * (absent: the database, outside any transaction). Only the argument order is new; every statement
 * is the repository's own (decision 042), and the services' fast tests pass fakes instead.
 */
export type CommerceRepos = ReturnType<typeof createCommerceRepos>;
type AccountContact = Awaited<ReturnType<typeof findBuyerAccount>>;

export function createCommerceRepos(db: Db) {
  return {
    findOrderById: (id: string, tx?: Tx) => findOrderById(tx ?? db, id),
    findOrderByProviderId: (providerOrderId: string, tx?: Tx) =>
      findOrderByProviderId(tx ?? db, providerOrderId),
    findOrderItems: (orderId: string, tx?: Tx) => findOrderItems(tx ?? db, orderId),
    insertOrder: (order: NewOrder, items: NewOrderItem[] = [], tx?: Tx) =>
      insertOrder(tx ?? db, order, items),
    /** The status machine's only writer (orders.repo.ts): undefined when another caller moved it first. */
    transitionOrder: (
      id: string,
      move: { from: readonly OrderStatus[]; to: OrderStatus; patch: Parameters<typeof transitionOrder>[4] },
      tx?: Tx,
    ) => transitionOrder(tx ?? db, id, move.from, move.to, move.patch),
    failOpenOrder: (id: string, reason: string, now: Date, tx?: Tx) =>
      failOpenOrder(tx ?? db, id, reason, now),
    setProviderOrderId: (id: string, providerOrderId: string, now: Date, tx?: Tx) =>
      setProviderOrderId(tx ?? db, id, providerOrderId, now),
    loadCart: (query: { tipIds: readonly number[]; buyer: Buyer; exceptOrderId?: string }, tx?: Tx) =>
      loadCart(tx ?? db, query.tipIds, query.buyer, query.exceptOrderId),
    loadCartLines: (tipIds: readonly number[], tx?: Tx) => loadCartLines(tx ?? db, tipIds),
    /** Undefined when the account does not exist (any more). */
    findAccountContact: (userId: number, tx?: Tx): Promise<AccountContact | undefined> =>
      findAccountContact(tx ?? db, userId),
    findBuyerAccount: (userId: number, tx?: Tx) => findBuyerAccount(tx ?? db, userId),
    insertEntitlements: (grant: Parameters<typeof insertEntitlements>[1], tx?: Tx) =>
      insertEntitlements(tx ?? db, grant),
    insertAiSubscriptions: (rows: Parameters<typeof insertAiSubscriptions>[1], tx?: Tx) =>
      insertAiSubscriptions(tx ?? db, rows),
    balanceOf: (userId: number, tx?: Tx) => balanceOf(tx ?? db, userId),
    creditAccount: (posting: LedgerPosting, tx?: Tx) => creditAccount(tx ?? db, posting),
    creditDebtOf: (userId: number, tx?: Tx) => creditDebtOf(tx ?? db, userId),
    repayCreditDebts: (repayment: Parameters<typeof repayCreditDebts>[1], tx?: Tx) =>
      repayCreditDebts(tx ?? db, repayment),
    /** Safer gambling's guard (decision 087): call it inside the purchase's transaction. */
    assertMayPurchase: (
      purchase: { userId: number; amountCents: number; now: Date; exceptOrderId?: string },
      tx?: Tx,
    ) =>
      assertMayPurchase(
        tx ?? db,
        purchase.userId,
        purchase.amountCents,
        purchase.now,
        purchase.exceptOrderId,
      ),
    /** The same guard for the payer, contact or delivery addresses of a purchase (decision 111). */
    assertAddressesMayPurchase: (check: { addresses: ReadonlyArray<string | null>; now: Date }, tx?: Tx) =>
      assertAddressesMayPurchase(tx ?? db, check.addresses, check.now),
  };
}

/** Runs `work` in a transaction of its own, or in a savepoint of `within` when given one. */
export type RunInTransaction = <T>(work: (tx: Tx) => Promise<T>, within?: Tx) => Promise<T>;

export function transactionsOn(db: Db): RunInTransaction {
  return (work, within) => (within ?? db).transaction(work);
}

/** The mail outbox: an email is queued in the transaction of the event it tells about. */
export interface MailOutbox {
  enqueueEmail(email: OutgoingEmail, tx?: Tx): Promise<void>;
}

export function mailOutboxOn(db: Db): MailOutbox {
  return { enqueueEmail: (email, tx) => enqueueEmail(tx ?? db, email) };
}
