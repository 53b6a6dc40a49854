import type { AppConfig } from '../../../config/env';
import type { ManualOrderDecisions } from '../orders/orders-admin.service';
import { confirmManualOrder, rejectManualOrder } from './manual-orders';

/** Commerce's grant and rejection of manual requests, run in the admin's transaction (a savepoint). */
export function createManualOrderDecisions(
  config: Pick<AppConfig, 'publicUrl' | 'mail'>,
): ManualOrderDecisions {
  return {
    confirm: (tx, { orderId, adminUserId, now }) =>
      confirmManualOrder(tx, orderId, adminUserId, { now, publicUrl: config.publicUrl }),
    reject: (tx, { orderId, adminUserId, reason, now }) =>
      rejectManualOrder(tx, orderId, adminUserId, reason, { now, supportEmail: config.mail.supportEmail }),
  };
}
