import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import { aiSubscriptions, users } from '../../../db/schema';
import { type Sale, saleEntriesOfGranted, saleEntryParams } from '../earnings/earnings.repo';

/** The writes of granting an order: entitlements (one statement for every line), AI subscriptions. */

/**
 * One entitlement per (buyer, tip), all lines in one statement with the sale's earnings entries of
 * the lines granted (decision 170): the tips it returns are the ones granted now; the others were the
 * buyer's already and earn nothing.
 */
const grantStatement = preparedSql<{ tip_id: number }>(
  'grant_tips_and_sales',
  sql`with granted as (
      insert into entitlements (user_id, buyer_email, tip_id, order_id, source, created_at)
      select ${sql.placeholder('userId')}::int, ${sql.placeholder('email')}::text, t.id,
        ${sql.placeholder('orderId')}::uuid, ${sql.placeholder('source')}::text, ${sql.placeholder('now')}::timestamptz
      from unnest(${sql.placeholder('tipIds')}::int[]) as t(id)
      on conflict do nothing
      returning tip_id
    ), ${saleEntriesOfGranted}
    select tip_id from granted`,
);

/**
 * The writes of granting an order, bound to the database: each function takes its arguments, then
 * an optional transaction (absent: the database).
 */
export interface AccountContact {
  id: number;
  email: string;
  firstName: string;
  language: string;
}

export function createFulfilmentRepo(db: Db) {
  /**
   * The tips granted now, each with its sale's earnings entries (`sale`: the tipster's share and the
   * platform's commission); the others were the buyer's already.
   */
  async function insertEntitlements(
    grant: {
      userId: number | null;
      email: string | null;
      orderId: string;
      source: string;
      now: Date;
      tipIds: number[];
      sale: Pick<Sale, 'paidWith' | 'lines' | 'sharePercent'>;
    },
    tx: DbOrTx = db,
  ): Promise<Set<number>> {
    const { sale, ...entitlement } = grant;
    const granted = await grantStatement(tx, {
      ...entitlement,
      ...saleEntryParams({ ...sale, orderId: grant.orderId }),
      now: grant.now.toISOString(),
    });
    return new Set(granted.map((row) => Number(row.tip_id)));
  }

  async function insertAiSubscriptions(
    rows: Array<typeof aiSubscriptions.$inferInsert>,
    tx: DbOrTx = db,
  ): Promise<void> {
    await tx.insert(aiSubscriptions).values(rows);
  }

  /** An account's address, name and email language, or undefined when it does not exist (any more). */
  async function findAccountContact(userId: number, tx: DbOrTx = db): Promise<AccountContact | undefined> {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return user;
  }

  /** The account of an order's buyer, which must exist (a foreign key). */
  async function findBuyerAccount(userId: number, tx: DbOrTx = db) {
    const user = await findAccountContact(userId, tx);
    if (!user) throw new Error(`order buyer ${userId} does not exist`);
    return user;
  }

  return { insertEntitlements, insertAiSubscriptions, findAccountContact, findBuyerAccount };
}

export type FulfilmentRepo = ReturnType<typeof createFulfilmentRepo>;
