import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * The refund invariants (decision 047), beside the ledger's (ledger-invariants.ts): one line per
 * violation, none when every voided purchase was given back exactly once.
 * - a refund completed as credits has exactly one ledger entry, its own key, reason 'refund', for
 *   its buyer and its amount; one completed at PayPal has none;
 * - no tip-refund ledger entry exists without its completed refund;
 * - an order never gets back more than it paid; refunds exist only for settled tips (a tip
 *   corrected from VOID keeps its refunds: nobody is charged again).
 */
export async function checkRefundInvariants(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  for (const r of await rows(sql`select r.id, r.method, count(l.id)::int as entries,
        count(l.id) filter (where l.reason = 'refund' and l.user_id = r.user_id and l.amount_cents = r.amount_cents)::int as matching
      from tip_refunds r left join ledger_entries l on l.idempotency_key = 'tip-refund:' || r.id
      where r.status = 'completed' group by r.id`)) {
    const expected = r.method === 'credits' ? 1 : 0;
    if (Number(r.entries) !== expected || Number(r.matching) !== expected)
      problems.push(`refund ${r.id} (${r.method}): ${r.entries} ledger entries, expected ${expected}`);
  }
  for (const r of await rows(sql`select l.id, l.idempotency_key from ledger_entries l
      where l.idempotency_key like 'tip-refund:%' and not exists (select 1 from tip_refunds r
        where 'tip-refund:' || r.id = l.idempotency_key and r.status = 'completed' and r.method = 'credits')`))
    problems.push(`ledger entry ${r.id} (${r.idempotency_key}) has no completed credits refund`);
  for (const r of await rows(sql`select o.id, o.amount_cents, sum(r.amount_cents)::int as refunded
      from tip_refunds r join orders o on o.id = r.order_id where r.status <> 'failed'
      group by o.id having sum(r.amount_cents) > o.amount_cents`))
    problems.push(`order ${r.id}: refunded ${r.refunded} of ${r.amount_cents}`);
  for (const r of await rows(sql`select r.id from tip_refunds r join tips t on t.id = r.tip_id
      where t.result is null`))
    problems.push(`refund ${r.id}: its tip is not settled`);
  return problems;
}
