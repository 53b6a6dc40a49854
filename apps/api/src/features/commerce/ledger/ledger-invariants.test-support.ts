import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { DEEPEST_CREDIT_DISCOUNT_PERCENT } from '../earnings/earnings-rules';

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
 *   by its repayment entries;
 * - earnings (decision 170): every paid tip granted by a COMPLETED order has exactly one sale entry
 *   worth what the buyer paid (credits at the deepest pack discount), and nothing else has one; per
 *   sold line, what the buyer paid = tipster's share + commission + refunds, whatever happened
 *   since; a voided or revoked tip's line was taken back; every payout moved its amount out of
 *   the tipster's balance once, and back once if it failed or returned.
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

  const problems: string[] = [...(await checkEarnings(db))];
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

/** The earnings ledger's invariants (decision 170): one line per violation. */
async function checkEarnings(db: DbOrTx): Promise<string[]> {
  const creditValue = 100 - DEEPEST_CREDIT_DISCOUNT_PERCENT;
  const sales = await rows(
    db,
    sql`with sold as (
          select o.id as order_id, i.tip_id,
                 case when o.provider = 'credits' then floor(i.price_cents * ${creditValue} / 100.0)::bigint
                      else i.price_cents::bigint end as paid
          from orders o join order_items i on i.order_id = o.id
          where o.status = 'COMPLETED' and o.type = 'TIPS' and i.tip_id is not null and i.price_cents > 0
            and (exists (select 1 from entitlements e where e.order_id = o.id and e.tip_id = i.tip_id)
              or exists (select 1 from revoked_entitlements r where r.order_id = o.id and r.tip_id = i.tip_id))
        ), posted as (
          select order_id, tip_id, count(*)::int as sales, sum(tipster_cents + platform_cents)::bigint as value
          from earnings_entries where kind = 'sale' group by order_id, tip_id
        )
        select coalesce(s.order_id, p.order_id) as order_id, coalesce(s.tip_id, p.tip_id) as tip_id,
               s.paid::text as paid, p.value::text as value, coalesce(p.sales, 0) as sales
        from sold s full join posted p on p.order_id = s.order_id and p.tip_id = s.tip_id
        where s.paid is distinct from p.value or coalesce(p.sales, 0) <> 1`,
  );
  const lines = await rows(
    db,
    sql`select order_id, tip_id, sum(tipster_cents + platform_cents + refund_cents)::bigint::text as total,
               sum(tipster_cents + platform_cents) filter (where kind = 'sale')::bigint::text as paid,
               (count(*) filter (where kind <> 'sale'))::int as taken_back
        from earnings_entries where order_id is not null
        group by order_id, tip_id
        having sum(tipster_cents + platform_cents + refund_cents) is distinct from sum(tipster_cents + platform_cents) filter (where kind = 'sale')
            or count(*) filter (where kind <> 'sale') > 1
            or bool_or(refund_cents < 0 or (kind <> 'sale' and (tipster_cents > 0 or platform_cents > 0)))`,
  );
  const notTakenBack = await rows(
    db,
    sql`select s.order_id, s.tip_id from earnings_entries s
        where s.kind = 'sale'
          and (exists (select 1 from tips t where t.id = s.tip_id and t.outcome = 'VOID')
            or exists (select 1 from revoked_entitlements r where r.order_id = s.order_id and r.tip_id = s.tip_id))
          and not exists (select 1 from earnings_entries b where b.idempotency_key = 'back:' || s.order_id || ':' || s.tip_id)`,
  );
  const payoutsOff = await rows(
    db,
    sql`select p.id, p.status, p.amount_cents, coalesce(sum(e.tipster_cents), 0)::bigint::text as moved,
               count(e.id)::int as entries, bool_and(e.tipster_id = p.tipster_id) as own
        from payouts p left join earnings_entries e on e.payout_id = p.id
        group by p.id
        having coalesce(sum(e.tipster_cents), 0) <> case when p.status in ('FAILED', 'RETURNED') then 0 else -p.amount_cents end
            or count(e.id) <> case when p.status in ('FAILED', 'RETURNED') then 2 else 1 end
            or not bool_and(e.tipster_id = p.tipster_id)`,
  );
  const problems: string[] = [];
  for (const r of sales)
    problems.push(
      `order ${r.order_id} tip ${r.tip_id}: buyer paid ${r.paid ?? 'nothing'} but ${r.sales} sale entr${Number(r.sales) === 1 ? 'y is' : 'ies are'} worth ${r.value ?? 0}`,
    );
  for (const r of lines)
    problems.push(
      `order ${r.order_id} tip ${r.tip_id}: shares + commission + refunds = ${r.total}, but the buyer paid ${r.paid} (${r.taken_back} take-backs)`,
    );
  for (const r of notTakenBack)
    problems.push(
      `order ${r.order_id} tip ${r.tip_id}: voided or revoked but its earnings were not taken back`,
    );
  for (const r of payoutsOff)
    problems.push(
      `payout ${r.id} (${r.status}, ${r.amount_cents}): ${r.entries} entries moved ${r.moved} of its tipster's earnings`,
    );
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
