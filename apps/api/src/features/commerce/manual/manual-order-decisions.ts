import type { AppConfig } from '../../../config/env';
import type { ManualOrderDecisions } from '../orders/orders-admin.service';
import type { ManualOrders } from './manual-orders.service';

/** Commerce's grant and rejection of manual requests, run in the admin's transaction (a savepoint). */
export function createManualOrderDecisions(
  manualOrders: Pick<ManualOrders, 'confirmManualOrder' | 'rejectManualOrder'>,
  config: Pick<AppConfig, 'publicUrl' | 'mail'>,
): ManualOrderDecisions {
  return {
    confirm: (tx, { orderId, adminUserId, now }) =>
      manualOrders.confirmManualOrder(orderId, adminUserId, { now, publicUrl: config.publicUrl }, tx),
    reject: (tx, { orderId, adminUserId, reason, now }) =>
      manualOrders.rejectManualOrder(
        orderId,
        adminUserId,
        reason,
        { now, supportEmail: config.mail.supportEmail },
        tx,
      ),
  };
}
