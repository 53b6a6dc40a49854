import type { Tx } from '../../../db/client';
import type { enqueueEmails } from '../../../infra/mail/outbox.repo';
import type { writeAudit } from '../../audit/audit.repo';
import type { creditAccount } from '../ledger/ledger.repo';
import { refundEmail, type TipForEmail } from './refund-email';
import type { RefundWithLanguage, VoidedTipRefundsRepo } from './voided-tip-refunds.repo';

/**
 * Money back for voided tips (decision 047), exactly once and all-or-nothing:
 * - one `tip_refunds` row per paid entitlement, unique, opened in the settlement transaction of
 *   the VOID tip (a retried settlement or sweep opens nothing twice);
 * - paid with credits (or by a manual payment, to an account): a reversing ledger entry in that
 *   same transaction, keyed `tip-refund:<refund id>`;
 * - paid by PayPal: the row waits 'pending' for the PayPal refund worker (paypal-refund-worker.ts).
 * Free tips, admin grants and AI plan deliveries (entitlements without a paid order line) get
 * nothing: an AI plan is a subscription to N model tips and a void pick still counts as delivered.
 */

export interface RefundTally {
  credited: number;
  pendingPaypal: number;
  failed: number;
}

export interface VoidedTipRefundDeps {
  repo: Pick<VoidedTipRefundsRepo, 'openRefunds' | 'finishRefund'>;
  creditAccount: typeof creditAccount;
  enqueueEmails: typeof enqueueEmails;
  writeAudit: typeof writeAudit;
  publicUrl: string;
}

export type VoidedTipRefunds = ReturnType<typeof createVoidedTipRefunds>;

export function createVoidedTipRefunds(deps: VoidedTipRefundDeps) {
  /**
   * Gives the money back as credits, in the caller's transaction: the reversing ledger entry and the
   * completed row commit together. Without an account (a visitor) there is nothing to credit: the
   * refund is marked failed for an operator, with the reason.
   */
  async function refundAsCredits(
    tx: Tx,
    refund: RefundWithLanguage,
    tip: TipForEmail,
    ctx: { now: Date; note?: string },
  ): Promise<'credited' | 'failed' | 'none'> {
    if (refund.userId === null) {
      const failed = await deps.repo.finishRefund(
        refund.id,
        ctx.now,
        { status: 'failed', lastError: `${ctx.note ? `${ctx.note}; ` : ''}no account to credit` },
        tx,
      );
      return failed ? 'failed' : 'none';
    }
    const ledgerKey = `tip-refund:${refund.id}`;
    const posted = await deps.creditAccount(tx, {
      userId: refund.userId,
      amountCents: refund.amountCents,
      reason: 'refund',
      reference: refund.orderId,
      idempotencyKey: ledgerKey,
      note: `Tip ${refund.tipId} void${ctx.note ? ` (${ctx.note})` : ''}`,
      now: ctx.now,
    });
    const done = await deps.repo.finishRefund(
      refund.id,
      ctx.now,
      { status: 'completed', method: 'credits', ledgerKey, lastError: ctx.note ?? null },
      tx,
    );
    if (done !== posted.applied) {
      // The entry and the row move together or not at all: roll the transaction back.
      throw new Error(`tip refund ${refund.id}: ledger entry and refund row disagree`);
    }
    if (!done) return 'none';
    if (refund.email) {
      await deps.enqueueEmails(tx, [
        refundEmail(
          { ...refund, email: refund.email, method: 'credits' },
          tip,
          deps.publicUrl,
          refund.language,
        ),
      ]);
    }
    return 'credited';
  }

  /**
   * In the settlement transaction of a VOID tip: opens its buyers' refunds, credits those who paid
   * with credits (or manually), and leaves PayPal ones pending for the PayPal refund worker.
   */
  async function refundVoidedTip(tx: Tx, tip: TipForEmail, now: Date): Promise<RefundTally> {
    const tally: RefundTally = { credited: 0, pendingPaypal: 0, failed: 0 };
    for (const refund of await deps.repo.openRefunds(tip.id, now, tx)) {
      if (refund.paidWith === 'paypal') {
        tally.pendingPaypal++;
        continue;
      }
      const done = await refundAsCredits(tx, refund, tip, { now });
      if (done === 'credited') tally.credited++;
      if (done === 'failed') tally.failed++;
    }
    return tally;
  }

  /** A PayPal refund that could not be made: credits instead (or failed), audited, in one transaction. */
  async function fallBackToCredits(
    tx: Tx,
    refund: RefundWithLanguage,
    tip: TipForEmail,
    now: Date,
    note: string,
  ) {
    const done = await refundAsCredits(tx, refund, tip, {
      now,
      note: `PayPal refund failed: ${note}`.slice(0, 500),
    });
    if (done !== 'none') {
      await deps.writeAudit(tx, {
        actorUserId: null,
        action: done === 'credited' ? 'tip.refund_as_credits' : 'tip.refund_failed',
        entity: 'tip_refund',
        entityId: refund.id,
        after: { tipId: refund.tipId, amountCents: refund.amountCents, currency: refund.currency, note },
        now,
      });
    }
    return done;
  }

  return { refundVoidedTip, fallBackToCredits };
}
