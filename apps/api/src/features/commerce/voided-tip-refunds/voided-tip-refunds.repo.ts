import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { jsonColumn, mapRow } from '../../../db/prepared';
import type { TipRefundRow } from '../../../db/rows';
import { tipRefunds } from '../../../db/schema';
import type { TipForEmail } from './refund-email';

/** A refund row with the language of its buyer's emails. */
export interface RefundWithLanguage extends TipRefundRow {
  language: string;
}

/** A pending PayPal refund leased to one worker, with what it needs to refund and to tell. */
export interface ClaimedRefund extends RefundWithLanguage {
  captureId: string | null;
  tip: TipForEmail;
}

export interface RefundCompletion {
  status: 'completed' | 'failed';
  method?: 'credits' | 'paypal';
  ledgerKey?: string;
  providerRefundId?: string;
  providerStatus?: string;
  lastError?: string | null;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * The `tip_refunds` rows (decision 047), bound to the database: each function takes its
 * arguments, then the transaction (absent: the database).
 */
export function createVoidedTipRefundsRepo(db: DbOrTx) {
  /**
   * Opens a refund for every buyer who paid for the tip (a completed order with a priced line for
   * it), once: the unique entitlement makes a second call open nothing. Returns the rows this call
   * opened, with the buyer's language.
   */
  async function openRefunds(tipId: number, now: Date, tx: DbOrTx = db): Promise<RefundWithLanguage[]> {
    const result = await tx.execute(sql`with opened as (
        insert into tip_refunds (tip_id, entitlement_id, order_id, user_id, email, amount_cents, currency,
          paid_with, status, next_attempt_at, created_at, updated_at)
        select e.tip_id, e.id, o.id, e.user_id,
          -- A deleted account has no address (decision 088): its row keeps none and mails nobody.
          case when u.deleted_at is null then coalesce(u.email, e.buyer_email) end, i.price_cents,
          case when o.provider = 'credits' then 'CREDITS' else o.currency end, o.provider, 'pending',
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from entitlements e
        join orders o on o.id = e.order_id and o.status = 'COMPLETED' and o.type = 'TIPS'
        cross join lateral (select price_cents from order_items oi
          where oi.order_id = o.id and oi.tip_id = e.tip_id order by oi.id limit 1) i
        left join users u on u.id = e.user_id
        where e.tip_id = ${tipId} and e.source in ('credits', 'paypal', 'manual') and i.price_cents > 0
        order by e.id
        on conflict (entitlement_id) do nothing
        returning *
      )
      select opened.*, coalesce(u.language, 'en') as language
      from opened left join users u on u.id = opened.user_id order by opened.id`);
    return rowsOf(result).map((r) => ({ ...mapRow(tipRefunds, r), language: String(r.language ?? 'en') }));
  }

  /** Marks a pending refund done (or failed); false when another process got there first. */
  async function finishRefund(
    id: number,
    now: Date,
    set: RefundCompletion,
    tx: DbOrTx = db,
  ): Promise<boolean> {
    const result = await tx.execute(sql`update tip_refunds set status = ${set.status},
        method = ${set.method ?? null}, ledger_key = ${set.ledgerKey ?? null},
        provider_refund_id = ${set.providerRefundId ?? null}, provider_status = ${set.providerStatus ?? null},
        last_error = coalesce(${set.lastError ?? null}, last_error),
        completed_at = case when ${set.status} = 'completed' then ${now.toISOString()}::timestamptz end,
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status = 'pending' returning id`);
    return rowsOf(result).length === 1;
  }

  /** Pending PayPal refunds that are due, leased to this caller until `leaseUntil` (others skip them). */
  async function claimPendingPaypalRefunds(
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<ClaimedRefund[]> {
    const result = await db.execute(sql`update tip_refunds r
        set attempts = r.attempts + 1, updated_at = ${now.toISOString()}::timestamptz,
          next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      where r.id in (select id from tip_refunds
        where status = 'pending' and paid_with = 'paypal' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning r.*,
        (select o.provider_capture_id from orders o where o.id = r.order_id) as capture_id,
        (select coalesce(u.language, 'en') from users u where u.id = r.user_id) as language,
        (select json_build_object('id', t.id, 'homeTeam', t.home_team, 'awayTeam', t.away_team, 'league', t.league)
          from tips t where t.id = r.tip_id) as tip`);
    return rowsOf(result).map((r) => ({
      ...mapRow(tipRefunds, r),
      language: String(r.language ?? 'en'),
      captureId: (r.capture_id as string | null) ?? null,
      tip: jsonColumn<TipForEmail>(r.tip),
    }));
  }

  /** A PayPal attempt whose outcome was unknown: the row waits until `next` for another. */
  async function retryLater(id: number, next: Date, note: string, now: Date): Promise<void> {
    await db.execute(sql`update tip_refunds set next_attempt_at = ${next.toISOString()}::timestamptz,
        last_error = ${note}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status = 'pending'`);
  }

  return { openRefunds, finishRefund, claimPendingPaypalRefunds, retryLater };
}

export type VoidedTipRefundsRepo = ReturnType<typeof createVoidedTipRefundsRepo>;
