import type { AppConfig } from '../../config/env';
import { confirmManualOrder, rejectManualOrder } from '../commerce/manual/manual-orders';
import type { ManualOrderDecisions } from './admin-orders.service';

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
