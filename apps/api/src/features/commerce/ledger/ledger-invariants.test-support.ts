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
 * - an order that did not complete moved no credits and granted no tip;
 * - a PayPal reversal (refund, reversal, lost dispute) of a CREDITS order took back exactly what it
 *   says: its debit in the ledger plus what is owed equals its credits, never more than the order
 *   granted in total; a TIPS order's revoked tips are gone from entitlements;
 * - every user's cached debt equals the open remainder of their debts, each debt repaid exactly
 *   by its repayment entries.
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
          left join ledger_entries l on l.reference = o.id::text and l.reason not in ('refund', 'payment_reversal')
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
                  and lower(e.buyer_email) = lower(coalesce(o.payer_email, o.contact_email)))))
            and not exists (select 1 from revoked_entitlements r where r.order_id = o.id and r.tip_id = i.tip_id)`,
  );
  const reversals = await rows(
    db,
    sql`select r.id, r.order_id, r.credits_cents, r.debited_cents, r.owed_cents,
                 coalesce((select sum(l.amount_cents) from ledger_entries l
                   where l.idempotency_key = 'reversal:' || r.source_id), 0)::bigint::text as debited,
                 coalesce((select sum(d.amount_cents) from credit_debts d where d.reversal_id = r.id), 0)::bigint::text as owed
          from order_reversals r`,
  );
  const overReversed = await rows(
    db,
    sql`select o.id, o.credits_cents, sum(r.credits_cents)::bigint::text as taken,
                 o.amount_cents, sum(r.amount_cents)::bigint::text as returned
          from orders o join order_reversals r on r.order_id = o.id
          group by o.id
          having sum(r.credits_cents) > coalesce(o.credits_cents, 0) or sum(r.amount_cents) > o.amount_cents`,
  );
  const stillGranted = await rows(
    db,
    sql`select r.entitlement_id from revoked_entitlements r join entitlements e on e.id = r.entitlement_id`,
  );
  const debts = await rows(
    db,
    sql`select u.id, u.credit_debt::text as debt,
                 coalesce((select sum(d.amount_cents - d.repaid_cents) from credit_debts d where d.user_id = u.id), 0)::bigint::text as open
          from users u
          where u.credit_debt <> coalesce((select sum(d.amount_cents - d.repaid_cents) from credit_debts d where d.user_id = u.id), 0)`,
  );
  const repayments = await rows(
    db,
    sql`select d.id, d.repaid_cents::text as repaid,
                 coalesce((select -sum(l.amount_cents) from ledger_entries l
                   where l.reason = 'debt_repayment' and l.reference = 'debt:' || d.id), 0)::bigint::text as paid
          from credit_debts d`,
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
  for (const r of reversals) {
    if (Number(r.debited) !== -Number(r.debited_cents) || Number(r.owed) !== Number(r.owed_cents)) {
      problems.push(
        `reversal ${r.id} of order ${r.order_id}: says ${r.debited_cents} debited + ${r.owed_cents} owed, found ${r.debited} in the ledger and ${r.owed} in debts`,
      );
    }
  }
  for (const r of overReversed)
    problems.push(
      `order ${r.id}: reversals took ${r.taken} credits / ${r.returned} cents, more than it granted`,
    );
  for (const r of stillGranted)
    problems.push(`entitlement ${r.entitlement_id} was revoked but is still granted`);
  for (const r of debts) problems.push(`user ${r.id}: cached debt ${r.debt} but open debts sum to ${r.open}`);
  for (const r of repayments) {
    if (Number(r.repaid) !== Number(r.paid))
      problems.push(`debt ${r.id}: ${r.repaid} repaid but repayment entries total ${r.paid}`);
  }
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
