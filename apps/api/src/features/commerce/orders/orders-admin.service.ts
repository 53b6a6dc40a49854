import {
  type AdminOrder,
  type AdminOrderPage,
  type AdminOrdersQuery,
  BACKOFFICE_MESSAGES,
  MESSAGES,
} from '@tips/contract';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { conflict, notFound, unprocessable } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { limitOffset, toPage } from '../../../lib/paging';
import { writeAudit } from '../../audit/audit.repo';
import { findOrderWithDetails, listOrders, lockOrder } from './orders-admin.repo';
import { toAdminOrder } from './orders-admin.view';

/**
 * Commerce's side of a manual payment request, run inside the admin's transaction so that the
 * grant (tips or credits, ledger entry, entitlements, buyer email) and the audit row commit
 * together. Each must move the order out of PENDING only from PENDING (exactly once).
 */
export interface ManualOrderDecisions {
  confirm(tx: Tx, input: { orderId: string; adminUserId: number; now: Date }): Promise<unknown>;
  reject(
    tx: Tx,
    input: { orderId: string; adminUserId: number; reason: string; now: Date },
  ): Promise<unknown>;
}

export interface AdminOrdersDeps {
  db: Db;
  clock: Clock;
  decisions: ManualOrderDecisions;
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

export function createAdminOrdersService(deps: AdminOrdersDeps) {
  const { db, clock } = deps;

  async function list(query: AdminOrdersQuery): Promise<AdminOrderPage> {
    const { rows, total } = await listOrders(
      db,
      { status: query.status, type: query.type },
      limitOffset(query),
    );
    return toPage(rows.map(toAdminOrder), total, query);
  }

  async function decide(
    adminId: number,
    orderId: string,
    action: 'confirm' | 'reject',
    run: (tx: Tx, now: Date) => Promise<unknown>,
    reason?: string,
  ): Promise<AdminOrder> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      // The lock makes a second admin wait, then see the order no longer pending.
      const before = await lockOrder(tx, orderId);
      if (!before) throw notFound(MESSAGES.orderNotFound);
      if (before.provider !== 'manual') throw unprocessable(BACKOFFICE_MESSAGES.notManualOrder);
      if (before.status !== 'PENDING') throw conflict(MESSAGES.orderAlreadyProcessed);
      await run(tx, now);
      const after = await findOrderWithDetails(tx, orderId);
      if (!after) throw notFound(MESSAGES.orderNotFound);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: `order.${action}`,
        entity: 'order',
        entityId: orderId,
        before: { status: before.status },
        after: { status: after.order.status, ...(reason ? { rejectionReason: reason } : {}) },
        reason: reason ?? null,
        now,
      });
      return toAdminOrder(after);
    });
  }

  const confirm = (adminId: number, orderId: string) =>
    decide(adminId, orderId, 'confirm', (tx, now) =>
      deps.decisions.confirm(tx, { orderId, adminUserId: adminId, now }),
    );

  const reject = (adminId: number, orderId: string, reason: string) =>
    decide(
      adminId,
      orderId,
      'reject',
      (tx, now) => deps.decisions.reject(tx, { orderId, adminUserId: adminId, reason, now }),
      reason,
    );

  return { list, confirm, reject };
}

/** A user's latest orders for the back office's user detail (accounts asks through app.ts). */
export async function recentOrdersOfUser(db: DbOrTx, userId: number, limit: number): Promise<AdminOrder[]> {
  const { rows } = await listOrders(db, { userId }, { limit, offset: 0 });
  return rows.map(toAdminOrder);
}
