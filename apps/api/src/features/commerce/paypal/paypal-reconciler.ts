import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { repeatingTask } from '../../../lib/repeating-task';
import { createCommerceCore } from '../commerce-services';
import type { PaypalPort } from './paypal.port';
import { createPaypalCheckout, type PaypalCheckoutLog, type ReconcileOutcome } from './paypal-checkout';

export interface PaypalReconcilerOptions {
  database: Database;
  paypal: PaypalPort;
  clock: Clock;
  publicUrl: string;
  /** The sale split every capture posts (config.earnings). */
  earnings: { sharePercent: number };
  log: PaypalCheckoutLog;
  /** How often to look (default 30 s). */
  intervalMs?: number;
  /** An order untouched for this long is looked at (default 2 min): the browser had its chance. */
  staleAfterMs?: number;
  batchSize?: number;
}

/**
 * Captures PayPal orders that the buyer approved but whose browser never came back to call
 * capture (tab closed, network lost), and closes orders that were abandoned or voided. Orders are
 * claimed with FOR UPDATE SKIP LOCKED plus a lease, so any number of processes can run it; the
 * capture itself is the same idempotent path the browser uses.
 *
 * server.ts: `const reconciler = createPaypalReconciler({...}); reconciler.start();` after listen,
 * and `await reconciler.stop()` on shutdown.
 */
export function createPaypalReconciler(opts: PaypalReconcilerOptions) {
  const { database, clock, log } = opts;
  const core = createCommerceCore(database.db, opts.earnings);
  const checkout = createPaypalCheckout({
    transaction: core.transaction,
    repo: core.repo,
    fulfilment: core.fulfilment,
    clock,
    paypal: opts.paypal,
    publicUrl: opts.publicUrl,
    log,
  });
  const staleAfterMs = opts.staleAfterMs ?? 120_000;
  const batchSize = opts.batchSize ?? 20;

  /** Looks at every stale order once; returns what became of each. */
  async function runOnce(): Promise<Record<ReconcileOutcome, number>> {
    const tally: Record<ReconcileOutcome, number> = { completed: 0, failed: 0, waiting: 0, retry: 0 };
    const now = clock.now();
    const claimed = await core.repo.claimStalePaypalOrders(
      now,
      new Date(now.getTime() - staleAfterMs),
      batchSize,
    );
    for (const order of claimed) {
      try {
        tally[await checkout.reconcile(order)]++;
      } catch (error) {
        tally.retry++;
        log.error({ err: error, orderId: order.id }, 'reconciler: order check failed');
      }
    }
    if (tally.completed + tally.failed > 0) log.info({ ...tally }, 'reconciler: PayPal orders settled');
    return tally;
  }

  const task = repeatingTask({
    name: 'paypal-reconciler',
    run: runOnce,
    firstDelayMs: opts.intervalMs ?? 30_000,
    nextDelayMs: () => opts.intervalMs ?? 30_000,
    onError: (error) => log.error({ err: error }, 'reconciler tick failed'),
  });

  return {
    runOnce,
    start: task.start,
    /** Stops polling and waits for the batch in flight. */
    stop: task.stop,
  };
}

export type PaypalReconciler = ReturnType<typeof createPaypalReconciler>;
