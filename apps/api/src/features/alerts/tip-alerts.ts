import type { DbOrTx } from '../../db/client';
import type { TipRow } from '../../db/rows';
import { queueFollowerFanout } from './tip-alerts.repo';

/**
 * The alerts domain's hook into publishing (AppServices.alertFollowers): every publishing path
 * calls it in the transaction that inserts the tip, so a committed tip always has its fan-out
 * queued. It writes one row whatever the number of followers; the alert mailer (alert-mailer.ts)
 * expands it into the followers' notifications, then their emails, through the outbox.
 */
export function alertFollowersOfTip(tx: DbOrTx, tip: TipRow): Promise<void> {
  return queueFollowerFanout(tx, tip);
}
