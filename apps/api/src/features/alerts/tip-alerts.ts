import type { DbOrTx } from '../../db/client';
import type { TipRow } from '../../db/rows';
import { insertFollowerNotifications } from './tip-alerts.repo';

/**
 * The alerts domain's hook into publishing (AppServices.alertFollowers): every publishing path
 * calls it in the transaction that inserts the tip, so a tip and its followers' notifications
 * commit together. Emails follow from the alert mailer (alert-mailer.ts) through the outbox.
 */
export function alertFollowersOfTip(tx: DbOrTx, tip: TipRow): Promise<number> {
  return insertFollowerNotifications(tx, tip);
}
