import type { Db } from '../../../db/client';
import { transactionsOn } from '../../../db/transactions';
import { enqueueEmails } from '../../../infra/mail/outbox.repo';
import type { Clock } from '../../../lib/clock';
import { writeAudit } from '../../audit/audit.repo';
import { createEarningsRepo } from '../earnings/earnings.repo';
import type { EarningsTerms } from '../earnings/earnings-rules';
import type { PaypalPort } from '../paypal/paypal.port';
import { createPayoutWorker, type PayoutWorkerDeps } from './payout-worker';
import { createPayoutsRepo } from './payouts.repo';
import { createPayoutsService } from './payouts.service';

/** The payouts on the real repositories of one database (routes, webhooks, worker, tests). */
export function createPayoutsOn(db: Db, opts: { clock: Clock; terms: EarningsTerms; publicUrl: string }) {
  return createPayoutsService({
    transaction: transactionsOn(db),
    repo: createPayoutsRepo(db),
    earnings: createEarningsRepo(db),
    enqueueEmails,
    writeAudit,
    ...opts,
  });
}

/** The payout worker on one database (workers.ts; tests run its batches directly). */
export function createPayoutWorkerOn(
  db: Db,
  opts: {
    paypal: PaypalPort;
    clock: Clock;
    terms: EarningsTerms;
    publicUrl: string;
    log: PayoutWorkerDeps['log'];
    intervalMs?: number;
  },
) {
  return createPayoutWorker({
    transaction: transactionsOn(db),
    repo: createPayoutsRepo(db),
    payouts: createPayoutsOn(db, opts),
    ...opts,
  });
}
