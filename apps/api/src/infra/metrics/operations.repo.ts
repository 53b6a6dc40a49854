import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Figures an on-call person needs that live in the database (issue #31.5), read at scrape time:
 * the same from every process (use max() across instances), monotonic like counters.
 */
export interface BusinessTotals {
  /** Tips sold: one entitlement each. */
  purchases: number;
  /** Tips settled (a result recorded). */
  settlements: number;
  /** Voided tips' money given back, by any method. */
  refunds: number;
  /** Of those, money sent back out through PayPal (this product pays no tipster payouts). */
  payouts: number;
}

export async function readBusinessTotals(db: DbOrTx): Promise<BusinessTotals> {
  const result = (await db.execute(sql`
    select
      (select count(*) from entitlements)::int as purchases,
      (select count(*) from tips where settled_at is not null)::int as settlements,
      (select count(*) from tip_refunds where status = 'completed')::int as refunds,
      (select count(*) from tip_refunds where status = 'completed' and method = 'paypal')::int as payouts
  `)) as unknown as { rows: BusinessTotals[] };
  return result.rows[0] as BusinessTotals;
}

/** Emails the outbox gave up on (status 'failed': every retry spent); they need a person. */
export async function countFailedEmails(db: DbOrTx): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from email_outbox where status = 'failed'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}
