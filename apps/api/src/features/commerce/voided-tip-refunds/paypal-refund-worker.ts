import type { RunInTransaction } from '../../../db/transactions';
import type { enqueueEmails } from '../../../infra/mail/outbox.repo';
import type { Clock } from '../../../lib/clock';
import { repeatingTask } from '../../../lib/repeating-task';
import { isPaypalError, type PaypalPort } from '../paypal/paypal.port';
import { refundEmail } from './refund-email';
import type { VoidedTipRefunds } from './refund-voided-tip';
import type { VoidedTipRefundsRepo } from './voided-tip-refunds.repo';

/**
 * The PayPal leg of a voided tip's refunds (decision 047), beside the PayPal reconciler: pending
 * rows are claimed (FOR UPDATE SKIP LOCKED and a lease, so several processes share the work), the
 * capture is refunded with PayPal-Request-Id `tip-refund-<refund id>` (a retry returns the first
 * refund), and the row completes. A definitive refusal, or an outcome still unknown after
 * MAX_PAYPAL_ATTEMPTS, refunds as credits instead. Every completion is a conditional update of a
 * pending row, so the money goes back one way only.
 */

export const MAX_PAYPAL_ATTEMPTS = 8;
/** A claimed refund is left alone by other processes for this long (a PayPal call takes ≤ 20 s). */
const CLAIM_LEASE_MS = 120_000;
const BATCH = 20;

/** 30 s, 1, 2, 4 … minutes, at most an hour, between PayPal attempts whose outcome was unknown. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface PaypalRefundTally {
  refunded: number;
  credited: number;
  retry: number;
  failed: number;
}

export interface PaypalRefundWorkerDeps {
  transaction: RunInTransaction;
  repo: Pick<VoidedTipRefundsRepo, 'claimPendingPaypalRefunds' | 'finishRefund' | 'retryLater'>;
  refunds: Pick<VoidedTipRefunds, 'fallBackToCredits'>;
  enqueueEmails: typeof enqueueEmails;
  paypal: PaypalPort;
  clock: Clock;
  publicUrl: string;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** How often a started worker looks (default 20 s). */
  intervalMs?: number;
}

export function createPaypalRefundWorker(deps: PaypalRefundWorkerDeps) {
  const { repo, clock, log } = deps;

  /**
   * Refunds due PayPal payments of voided tips. Each claimed row ends in one of: refunded at
   * PayPal, credited instead, failed (no account to credit), or back to pending with a later
   * attempt when PayPal's answer was unknown.
   */
  async function processBatch(limit = BATCH): Promise<PaypalRefundTally> {
    const tally: PaypalRefundTally = { refunded: 0, credited: 0, retry: 0, failed: 0 };
    const now = clock.now();
    const claimed = await repo.claimPendingPaypalRefunds(
      now,
      new Date(now.getTime() + CLAIM_LEASE_MS),
      limit,
    );
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
        await deps.transaction(async (tx) => {
          const done = await repo.finishRefund(
            refund.id,
            clock.now(),
            { status: 'completed', method: 'paypal', providerRefundId: paid.id, providerStatus: paid.status },
            tx,
          );
          if (!done || !refund.email) return;
          await deps.enqueueEmails(tx, [
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
        if (isPaypalError(error, 'unavailable') && refund.attempts < MAX_PAYPAL_ATTEMPTS) {
          const next = new Date(clock.now().getTime() + refundBackoffMs(refund.attempts));
          await repo.retryLater(refund.id, next, note, clock.now());
          tally.retry++;
          log.info(
            { refundId: refund.id, attempts: refund.attempts, err: note },
            'tip refund: PayPal will be retried',
          );
          continue;
        }
      }
      const outcome = await deps.transaction((tx) =>
        deps.refunds.fallBackToCredits(tx, refund, refund.tip, clock.now(), note),
      );
      if (outcome === 'credited') tally.credited++;
      if (outcome === 'failed') {
        tally.failed++;
        log.error({ refundId: refund.id, err: note }, 'tip refund: PayPal refused and no account to credit');
      }
    }
    return tally;
  }

  /** Every due refund, a batch at a time (at most 25 batches a run). */
  async function processDue(): Promise<PaypalRefundTally> {
    const total: PaypalRefundTally = { refunded: 0, credited: 0, retry: 0, failed: 0 };
    for (let round = 0; round < 25; round++) {
      const tally = await processBatch();
      total.refunded += tally.refunded;
      total.credited += tally.credited;
      total.retry += tally.retry;
      total.failed += tally.failed;
      if (tally.refunded + tally.credited + tally.retry + tally.failed < BATCH) break;
    }
    return total;
  }

  // Every 20 s once started (workers.ts, beside the PayPal reconciler), stopped on shutdown.
  const task = repeatingTask({
    name: 'paypal-refunds',
    run: () => processDue(),
    firstDelayMs: deps.intervalMs ?? 20_000,
    nextDelayMs: () => deps.intervalMs ?? 20_000,
    onError: (error) => log.error({ err: error }, 'tip refunds: PayPal run failed'),
  });

  return { processBatch, processDue, start: task.start, stop: task.stop, runNow: task.runNow };
}
