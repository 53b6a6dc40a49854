import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * The ledger invariants (QUALITY "Money"), as one read-only check that tests run after every
 * money test and an operator can run on a live database. Returns one line per violation; an
 * empty list means the books balance.
 *
 * - every user's cached balance equals the sum of their entries, and none is negative;
 * - every COMPLETED order has exactly one ledger transaction of its own kind (a credit for a
 *   CREDITS order, a debit for a TIPS order paid with credits, none for TIPS paid with money),
 *   for the right user and amount, and an entitlement for each tip it sold;
 * - an order that did not complete moved no credits and granted no tip.
 */
export async function checkLedgerInvariants(db: DbOrTx): Promise<string[]> {
  // Sequential: the check may run inside a transaction (one connection).
  const balances = await rows(
    db,
    sql`select u.id, u.credit_balance::text as balance, coalesce(sum(l.amount_cents), 0)::text as total
          from users u left join ledger_entries l on l.user_id = u.id
          group by u.id having u.credit_balance <> coalesce(sum(l.amount_cents), 0)`,
  );
  const negative = await rows(
    db,
    sql`select id, credit_balance::text as balance from users where credit_balance < 0`,
  );
  const completed = await rows(
    db,
    sql`select o.id, o.type, o.provider, o.user_id, o.amount_cents, o.credits_cents,
                 count(l.id)::int as entries,
                 coalesce(sum(l.amount_cents), 0)::bigint::text as total,
                 count(l.id) filter (where l.user_id is distinct from o.user_id)::int as foreign_entries
          from orders o
          left join ledger_entries l on l.reference = o.id::text and l.reason <> 'refund'
          where o.status = 'COMPLETED'
          group by o.id`,
  );
  const unfinished = await rows(
    db,
    sql`select o.id, o.status,
                 (select count(*) from ledger_entries l where l.reference = o.id::text)::int as entries,
                 (select count(*) from entitlements e where e.order_id = o.id)::int as grants
          from orders o where o.status <> 'COMPLETED'`,
  );
  const missingEntitlements = await rows(
    db,
    sql`select o.id, i.tip_id from orders o join order_items i on i.order_id = o.id
          where o.status = 'COMPLETED' and o.type = 'TIPS' and i.tip_id is not null
            and not exists (
              select 1 from entitlements e where e.tip_id = i.tip_id and (
                (o.user_id is not null and e.user_id = o.user_id) or
                (o.user_id is null and e.user_id is null
                  and lower(e.buyer_email) = lower(coalesce(o.payer_email, o.contact_email)))))`,
  );

  const problems: string[] = [];
  for (const r of balances) problems.push(`user ${r.id}: balance ${r.balance} but entries sum to ${r.total}`);
  for (const r of negative) problems.push(`user ${r.id}: negative balance ${r.balance}`);
  for (const r of completed) {
    const expected = expectedLedger(r);
    if (
      Number(r.entries) !== expected.entries ||
      Number(r.total) !== expected.total ||
      Number(r.foreign_entries) > 0
    ) {
      problems.push(
        `order ${r.id} (${r.type} via ${r.provider}): expected ${expected.entries} ledger entr${expected.entries === 1 ? 'y' : 'ies'} totalling ${expected.total}, found ${r.entries} totalling ${r.total}`,
      );
    }
  }
  for (const r of unfinished) {
    if (Number(r.entries) > 0 || Number(r.grants) > 0) {
      problems.push(
        `order ${r.id} is ${r.status} but has ${r.entries} ledger entries and ${r.grants} entitlements`,
      );
    }
  }
  for (const r of missingEntitlements)
    problems.push(`order ${r.id}: tip ${r.tip_id} was sold but not granted`);
  return problems;
}

function expectedLedger(order: Record<string, unknown>): { entries: number; total: number } {
  if (order.type === 'CREDITS') return { entries: 1, total: Number(order.credits_cents) };
  if (order.provider === 'credits') return { entries: 1, total: -Number(order.amount_cents) };
  return { entries: 0, total: 0 };
}

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}
