import { formatCentsPlain } from '@tips/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { mapRow } from '../../../db/prepared';
import { tipRefunds } from '../../../db/schema';
import { localizedEmail } from '../../../infra/mail/localized-email';
import { enqueueEmails, type OutgoingEmail } from '../../../infra/mail/outbox.repo';
import type { Clock } from '../../../lib/clock';
import { writeAudit } from '../../audit/audit.repo';
import { creditAccount } from '../ledger/ledger.repo';
import { isPaypalError, type PaypalPort } from '../paypal/paypal.port';

/**
 * Money back for voided tips (decision 047), exactly once and all-or-nothing:
 * - one `tip_refunds` row per paid entitlement, unique, opened in the settlement transaction of
 *   the VOID tip (a retried settlement or sweep opens nothing twice);
 * - paid with credits (or by a manual payment, to an account): a reversing ledger entry in that
 *   same transaction, keyed `tip-refund:<refund id>`;
 * - paid by PayPal: the row waits 'pending'; `processPendingRefunds` claims it (FOR UPDATE SKIP
 *   LOCKED and a lease), refunds the capture with PayPal-Request-Id `tip-refund-<refund id>` (a
 *   retry returns the first refund), and records it. A definitive refusal, or an outcome still
 *   unknown after MAX_PAYPAL_ATTEMPTS, refunds as credits instead. Every completion is a
 *   conditional update of a pending row, so the money goes back one way only.
 * Free tips, admin grants and AI plan deliveries (entitlements without a paid order line) get
 * nothing: an AI plan is a subscription to N model tips and a void pick still counts as delivered.
 */

export type TipRefundRow = typeof tipRefunds.$inferSelect;

export const MAX_PAYPAL_ATTEMPTS = 8;
/** A claimed refund is left alone by other processes for this long (a PayPal call takes ≤ 20 s). */
const CLAIM_LEASE_MS = 120_000;

/** 30 s, 1, 2, 4 … minutes, at most an hour, between PayPal attempts whose outcome was unknown. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface TipForEmail {
  id: number;
  homeTeam: string;
  awayTeam: string;
  league: string;
}

interface RefundWithLanguage extends TipRefundRow {
  language: string;
}

export function refundEmail(
  refund: Pick<TipRefundRow, 'id' | 'amountCents' | 'currency' | 'method'> & { email: string },
  tip: TipForEmail,
  publicUrl: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(refund.email, language, 'tip-refund', ({ t }) => {
    const match = `${tip.homeTeam} vs ${tip.awayTeam}`;
    const amount =
      refund.method === 'paypal'
        ? t('tipRefund.toPaypal', { amount: `${formatCentsPlain(refund.amountCents)} ${refund.currency}` })
        : t('tipRefund.toCredits', { amount: formatCentsPlain(refund.amountCents) });
    return {
      subject: t('tipRefund.subject', { match }),
      dedupeKey: `tip-refund:${refund.id}`,
      content: {
        heading: t('tipRefund.heading'),
        paragraphs: [t('tipRefund.body')],
        rows: [
          [t('tipResult.match'), match],
          [t('tipResult.league'), tip.league],
          [t('tipResult.result'), t('tipResult.VOID')],
          [t('tipRefund.refunded'), amount],
        ],
        action: { label: t('tipResult.action'), url: `${publicUrl}/dashboard` },
      },
    };
  });
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Opens a refund for every buyer who paid for the tip (a completed order with a priced line for
 * it), once: the unique entitlement makes a second call open nothing. Returns the rows this call
 * opened, with the buyer's language.
 */
async function openRefunds(tx: DbOrTx, tipId: number, now: Date): Promise<RefundWithLanguage[]> {
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
  tx: DbOrTx,
  id: number,
  now: Date,
  set: {
    status: 'completed' | 'failed';
    method?: 'credits' | 'paypal';
    ledgerKey?: string;
    providerRefundId?: string;
    providerStatus?: string;
    lastError?: string | null;
  },
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

/**
 * Gives the money back as credits, in the caller's transaction: the reversing ledger entry and the
 * completed row commit together. Without an account (a visitor) there is nothing to credit: the
 * refund is marked failed for an operator, with the reason.
 */
async function refundAsCredits(
  tx: DbOrTx,
  refund: RefundWithLanguage,
  tip: TipForEmail,
  ctx: { now: Date; publicUrl: string; note?: string },
): Promise<'credited' | 'failed' | 'none'> {
  if (refund.userId === null) {
    const failed = await finishRefund(tx, refund.id, ctx.now, {
      status: 'failed',
      lastError: `${ctx.note ? `${ctx.note}; ` : ''}no account to credit`,
    });
    return failed ? 'failed' : 'none';
  }
  const ledgerKey = `tip-refund:${refund.id}`;
  const posted = await creditAccount(tx, {
    userId: refund.userId,
    amountCents: refund.amountCents,
    reason: 'refund',
    reference: refund.orderId,
    idempotencyKey: ledgerKey,
    note: `Tip ${refund.tipId} void${ctx.note ? ` (${ctx.note})` : ''}`,
    now: ctx.now,
  });
  const done = await finishRefund(tx, refund.id, ctx.now, {
    status: 'completed',
    method: 'credits',
    ledgerKey,
    lastError: ctx.note ?? null,
  });
  if (done !== posted.applied) {
    // The entry and the row move together or not at all: roll the transaction back.
    throw new Error(`tip refund ${refund.id}: ledger entry and refund row disagree`);
  }
  if (!done) return 'none';
  if (refund.email) {
    await enqueueEmails(tx, [
      refundEmail({ ...refund, email: refund.email, method: 'credits' }, tip, ctx.publicUrl, refund.language),
    ]);
  }
  return 'credited';
}

export interface RefundTally {
  credited: number;
  pendingPaypal: number;
  failed: number;
}

/**
 * In the settlement transaction of a VOID tip: opens its buyers' refunds, credits those who paid
 * with credits (or manually), and leaves PayPal ones pending for `processPendingRefunds`.
 */
export async function refundVoidedTipInTx(
  tx: DbOrTx,
  tip: TipForEmail,
  ctx: { now: Date; publicUrl: string },
): Promise<RefundTally> {
  const tally: RefundTally = { credited: 0, pendingPaypal: 0, failed: 0 };
  for (const refund of await openRefunds(tx, tip.id, ctx.now)) {
    if (refund.paidWith === 'paypal') {
      tally.pendingPaypal++;
      continue;
    }
    const done = await refundAsCredits(tx, refund, tip, ctx);
    if (done === 'credited') tally.credited++;
    if (done === 'failed') tally.failed++;
  }
  return tally;
}

interface ClaimedRefund extends RefundWithLanguage {
  captureId: string | null;
  tip: TipForEmail;
}

/** Pending PayPal refunds that are due, leased to this caller (other processes skip them). */
async function claimPendingPaypalRefunds(db: Db, now: Date, limit: number): Promise<ClaimedRefund[]> {
  const result = await db.execute(sql`update tip_refunds r
      set attempts = r.attempts + 1, updated_at = ${now.toISOString()}::timestamptz,
        next_attempt_at = ${new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz
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
    tip: (typeof r.tip === 'string' ? JSON.parse(r.tip) : r.tip) as TipForEmail,
  }));
}

export interface RefundWorkerDeps {
  db: Db;
  paypal: PaypalPort;
  clock: Clock;
  publicUrl: string;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

export interface PaypalRefundTally {
  refunded: number;
  credited: number;
  retry: number;
  failed: number;
}

/**
 * Refunds due PayPal payments of voided tips (several processes may run it: rows are leased).
 * Each claimed row ends in one of: refunded at PayPal, credited instead, failed (no account to
 * credit), or back to pending with a later attempt when PayPal's answer was unknown.
 */
export async function processPendingRefunds(deps: RefundWorkerDeps, limit = 20): Promise<PaypalRefundTally> {
  const tally: PaypalRefundTally = { refunded: 0, credited: 0, retry: 0, failed: 0 };
  const claimed = await claimPendingPaypalRefunds(deps.db, deps.clock.now(), limit);
  for (const refund of claimed) {
    let note: string;
    try {
      if (!refund.captureId) throw new Error('no PayPal capture recorded for the order');
      const paid = await deps.paypal.refundCapture(
        refund.captureId,
        { currency: refund.currency, cents: refund.amountCents },
        `tip-refund-${refund.id}`,
      );
      if (paid.status === 'FAILED' || paid.status === 'CANCELLED') {
        throw new Error(`PayPal refund ${paid.id} is ${paid.status}`);
      }
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const done = await finishRefund(tx, refund.id, now, {
          status: 'completed',
          method: 'paypal',
          providerRefundId: paid.id,
          providerStatus: paid.status,
        });
        if (!done || !refund.email) return;
        await enqueueEmails(tx, [
          refundEmail(
            { ...refund, email: refund.email, method: 'paypal' },
            refund.tip,
            deps.publicUrl,
            refund.language,
          ),
        ]);
      });
      tally.refunded++;
      continue;
    } catch (error) {
      note = error instanceof Error ? error.message : String(error);
      // An unknown outcome (network, 5xx) is retried with the same PayPal-Request-Id, which
      // cannot refund twice; only a refusal, or an outcome unknown for too long, falls back.
      const unknown = isPaypalError(error, 'unavailable');
      if (unknown && refund.attempts < MAX_PAYPAL_ATTEMPTS) {
        const next = new Date(deps.clock.now().getTime() + refundBackoffMs(refund.attempts));
        await deps.db.execute(sql`update tip_refunds set next_attempt_at = ${next.toISOString()}::timestamptz,
            last_error = ${note}, updated_at = ${deps.clock.now().toISOString()}::timestamptz
          where id = ${refund.id} and status = 'pending'`);
        tally.retry++;
        deps.log.info(
          { refundId: refund.id, attempts: refund.attempts, err: note },
          'tip refund: PayPal will be retried',
        );
        continue;
      }
    }
    const now = deps.clock.now();
    const outcome = await deps.db.transaction(async (tx) => {
      const done = await refundAsCredits(tx, refund, refund.tip, {
        now,
        publicUrl: deps.publicUrl,
        note: `PayPal refund failed: ${note}`.slice(0, 500),
      });
      if (done !== 'none') {
        await writeAudit(tx, {
          actorUserId: null,
          action: done === 'credited' ? 'tip.refund_as_credits' : 'tip.refund_failed',
          entity: 'tip_refund',
          entityId: refund.id,
          after: { tipId: refund.tipId, amountCents: refund.amountCents, currency: refund.currency, note },
          now,
        });
      }
      return done;
    });
    if (outcome === 'credited') tally.credited++;
    if (outcome === 'failed') {
      tally.failed++;
      deps.log.error(
        { refundId: refund.id, err: note },
        'tip refund: PayPal refused and no account to credit',
      );
    }
  }
  return tally;
}
