import { CREDITS_METHOD } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared, preparedSql } from '../../../db/prepared';
import { users } from '../../../db/schema';
import { type PostingRow, postingColumns, postingCtes } from '../ledger/ledger.repo';

/**
 * The credit sale's statements (docs/decisions/042): one of them spans orders, order_items,
 * ledger_entries and users in one statement, which is why it is a repository of its own rather
 * than a method of the orders or ledger repositories (docs/architecture.md, "Where the
 * repository rule is relaxed").
 */

/** The buyer's row, locked until the purchase commits. */
const lockBuyerStatement = prepared((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      balance: users.creditBalance,
      debt: users.creditDebt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .prepare('lock_buyer'),
);

/**
 * The sale in one statement: the COMPLETED order, its lines (from arrays: any cart size, one SQL
 * string) and its debit through the ledger's own posting (`postingCtes`: the entry and the
 * guarded balance update). A refused debit leaves the order and lines written, and the caller's
 * transaction rolls all of it back.
 */
const recordSaleStatement = preparedSql<PostingRow>(
  'credit_sale',
  sql`with o as (
      insert into orders (id, user_id, type, method, provider, status, amount_cents, currency,
        created_at, updated_at, completed_at)
      values (${sql.placeholder('orderId')}::uuid, ${sql.placeholder('userId')}::int, 'TIPS', ${CREDITS_METHOD},
        'credits', 'COMPLETED', ${sql.placeholder('total')}::int, 'CREDITS', ${sql.placeholder('now')}::timestamptz,
        ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz)
      returning id
    ), items as (
      insert into order_items (order_id, tip_id, ai_plan_id, price_cents)
      select o.id, i.tip_id, i.ai_plan_id, i.price_cents
      from o, unnest(${sql.placeholder('tipIds')}::int[], ${sql.placeholder('planIds')}::int[],
        ${sql.placeholder('prices')}::int[]) as i(tip_id, ai_plan_id, price_cents)
    ), ${postingCtes}
    select ${postingColumns}`,
);

export interface LockedBuyer {
  id: number;
  email: string;
  firstName: string | null;
  language: string;
  balance: number;
  /** Credits owed after a PayPal reversal (credit-debts.repo); purchases wait until it is 0. */
  debt?: number;
}

export interface CreditSale {
  orderId: string;
  totalCents: number;
  tipIds: number[];
  planIds: Array<number | null>;
  prices: number[];
}

/** A credit sale's two statements; both run in the purchase's transaction (passed last). */
export function createCreditSaleRepo() {
  /** Locks the buyer's row until the purchase commits (a statement of its own: decision 042). */
  async function lockBuyer(userId: number, tx: DbOrTx): Promise<LockedBuyer | undefined> {
    const [user] = await lockBuyerStatement(tx).execute({ userId });
    return user;
  }

  /** Writes the COMPLETED order, its lines and its debit; `debit` comes from the ledger's debitValues. */
  async function recordCreditSale(
    sale: CreditSale,
    debit: Record<string, unknown>,
    tx: DbOrTx,
  ): Promise<PostingRow> {
    const [row] = await recordSaleStatement(tx, {
      orderId: sale.orderId,
      total: sale.totalCents,
      tipIds: sale.tipIds,
      planIds: sale.planIds,
      prices: sale.prices,
      ...debit,
    });
    return row;
  }

  return { lockBuyer, recordCreditSale };
}

export type CreditSaleRepo = ReturnType<typeof createCreditSaleRepo>;
