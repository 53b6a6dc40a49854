import type { Db } from '../../../db/client';
import { transactionsOn } from '../../../db/transactions';
import { enqueueEmails } from '../../../infra/mail/outbox.repo';
import type { Clock } from '../../../lib/clock';
import { writeAudit } from '../../audit/audit.repo';
import { creditAccount } from '../ledger/ledger.repo';
import type { PaypalPort } from '../paypal/paypal.port';
import { createPaypalRefundWorker, type PaypalRefundWorkerDeps } from './paypal-refund-worker';
import { createVoidedTipRefunds } from './refund-voided-tip';
import { voidedTipRefundHook } from './settlement-refund-hook';
import { createVoidedTipRefundsRepo } from './voided-tip-refunds.repo';

/** The voided-tip refunds on the real repositories of one database. */
export function createVoidedTipRefundsOn(db: Db, publicUrl: string) {
  return createVoidedTipRefunds({
    repo: createVoidedTipRefundsRepo(db),
    creditAccount,
    enqueueEmails,
    writeAudit,
    publicUrl,
  });
}

/** The settlement hook commerce registers in the composition root (app.ts). */
export function voidedTipRefundHookOn(db: Db, publicUrl: string) {
  return voidedTipRefundHook(createVoidedTipRefundsOn(db, publicUrl));
}

/** The PayPal refund worker on one database (workers.ts; tests run its batches directly). */
export function createPaypalRefundWorkerOn(
  db: Db,
  opts: {
    paypal: PaypalPort;
    clock: Clock;
    publicUrl: string;
    log: PaypalRefundWorkerDeps['log'];
    intervalMs?: number;
  },
) {
  return createPaypalRefundWorker({
    transaction: transactionsOn(db),
    repo: createVoidedTipRefundsRepo(db),
    refunds: createVoidedTipRefundsOn(db, opts.publicUrl),
    enqueueEmails,
    ...opts,
  });
}
