import { formatCentsPlain } from '@tips/contract';
import type { RunInTransaction } from '../../../db/transactions';
import type { Clock } from '../../../lib/clock';
import { repeatingTask } from '../../../lib/repeating-task';
import { isPaypalError, type PaypalPort } from '../paypal/paypal.port';
import type { PayoutsRepo } from './payouts.repo';
import type { PayoutsService } from './payouts.service';

/**
 * Sends requested payouts through PayPal Payouts (decision 171), beside the refund worker: due
 * REQUESTED payouts are claimed (FOR UPDATE SKIP LOCKED and a lease, so several processes share
 * the work), sent with their own sender_batch_id (PayPal pays one at most once, so a retry after a
 * lost answer pays nothing twice), and marked SENT; the item's webhook finishes them. An unknown
 * outcome (network, 5xx) is retried with the same sender_batch_id, backing off up to an hour; only
 * a refusal fails the payout and gives the amount back.
 */

const CLAIM_LEASE_MS = 120_000;
const BATCH = 20;

export function payoutBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface PayoutWorkerDeps {
  transaction: RunInTransaction;
  repo: Pick<PayoutsRepo, 'claimDuePayouts' | 'moveStatus' | 'retryLater'>;
  payouts: Pick<PayoutsService, 'failPayout'>;
  paypal: PaypalPort;
  clock: Clock;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  intervalMs?: number;
}

export interface PayoutTally {
  sent: number;
  retry: number;
  failed: number;
}

export function createPayoutWorker(deps: PayoutWorkerDeps) {
  const { repo, clock, log } = deps;

  async function processBatch(limit = BATCH): Promise<PayoutTally> {
    const tally: PayoutTally = { sent: 0, retry: 0, failed: 0 };
    const now = clock.now();
    const claimed = await repo.claimDuePayouts(now, new Date(now.getTime() + CLAIM_LEASE_MS), limit);
    for (const payout of claimed) {
      try {
        const batch = await deps.paypal.createPayout({
          senderBatchId: payout.senderBatchId,
          senderItemId: `payout-${payout.id}`,
          receiverEmail: payout.receiver,
          amount: { currency: payout.currency, cents: payout.amountCents },
          note: `Tipster earnings payout ${payout.id}`,
          emailSubject: `You have a payout of ${formatCentsPlain(payout.amountCents)} ${payout.currency}`,
        });
        if (batch.status === 'DENIED' || batch.status === 'CANCELED') {
          throw new Error(`PayPal payout batch ${batch.batchId} is ${batch.status}`);
        }
        // PayPal may have answered by webhook already (SUCCEEDED…): then this changes nothing.
        await repo.moveStatus(payout.id, ['REQUESTED', 'HELD'], {
          status: 'SENT',
          providerBatchId: batch.batchId,
          providerStatus: batch.status,
          sentAt: clock.now(),
          updatedAt: clock.now(),
        });
        tally.sent++;
      } catch (error) {
        const note = error instanceof Error ? error.message : String(error);
        // Unknown (network, 5xx): retried with the same sender_batch_id for as long as it takes;
        // PayPal pays it once, so only a refusal may give the amount back.
        if (isPaypalError(error, 'unavailable')) {
          await repo.retryLater(
            payout.id,
            new Date(clock.now().getTime() + payoutBackoffMs(payout.attempts)),
            note,
            clock.now(),
          );
          tally.retry++;
          log.info(
            { payoutId: payout.id, attempts: payout.attempts, err: note },
            'payout: PayPal will be retried',
          );
          continue;
        }
        // Refused (a 4xx, a DENIED batch): PayPal paid nothing; the amount goes back to the tipster.
        const failed = await deps.transaction((tx) =>
          deps.payouts.failPayout(tx, payout, 'FAILED', { lastError: note }, ['REQUESTED']),
        );
        if (failed) tally.failed++;
        log.error({ payoutId: payout.id, err: note }, 'payout: PayPal refused it; the amount was restored');
      }
    }
    return tally;
  }

  async function processDue(): Promise<PayoutTally> {
    const total: PayoutTally = { sent: 0, retry: 0, failed: 0 };
    for (let round = 0; round < 25; round++) {
      const tally = await processBatch();
      total.sent += tally.sent;
      total.retry += tally.retry;
      total.failed += tally.failed;
      if (tally.sent + tally.retry + tally.failed < BATCH) break;
    }
    return total;
  }

  const task = repeatingTask({
    name: 'paypal-payouts',
    run: () => processDue(),
    firstDelayMs: deps.intervalMs ?? 15_000,
    nextDelayMs: () => deps.intervalMs ?? 15_000,
    onError: (error) => log.error({ err: error }, 'payouts: PayPal run failed'),
  });

  return { processBatch, processDue, start: task.start, stop: task.stop, runNow: task.runNow };
}

export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
