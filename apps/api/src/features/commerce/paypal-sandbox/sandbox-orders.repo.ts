import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { sandboxPaypalOrders } from '../../../db/schema';

/** The emulator's state: one row per emulated PayPal order (a table, so it survives restarts). */

export const FAIL_MODES = ['declined', 'already-captured', 'pending', 'amount-mismatch'] as const;
export type FailMode = (typeof FAIL_MODES)[number];

export interface SandboxAmount {
  currency_code: string;
  value: string;
}

export interface SandboxCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING';
  amount: SandboxAmount;
  create_time: string;
  /** The PayPal-Request-Id of the capture call, and the response it got (replayed on a retry). */
  requestId: string | null;
  response: unknown;
}

export interface SandboxOrderState {
  purchaseUnit: { reference_id?: string; custom_id?: string; description?: string; amount: SandboxAmount };
  createTime: string;
  payerId?: string;
  capture?: SandboxCapture;
}

export type SandboxOrderRow = typeof sandboxPaypalOrders.$inferSelect;

export function stateOf(row: SandboxOrderRow): SandboxOrderState {
  return JSON.parse(row.body) as SandboxOrderState;
}

export async function insertSandboxOrder(
  db: DbOrTx,
  row: { id: string; requestId: string | null; state: SandboxOrderState; now: Date },
): Promise<SandboxOrderRow> {
  const { amount } = row.state.purchaseUnit;
  const inserted = await db
    .insert(sandboxPaypalOrders)
    .values({
      id: row.id,
      status: 'CREATED',
      amountValue: amount.value,
      currency: amount.currency_code,
      requestId: row.requestId,
      body: JSON.stringify(row.state),
      createdAt: row.now,
    })
    .onConflictDoNothing({ target: sandboxPaypalOrders.requestId })
    .returning();
  if (inserted[0]) return inserted[0];
  // The same PayPal-Request-Id again: PayPal answers with the order it created the first time.
  const [existing] = await db
    .select()
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.requestId, row.requestId!));
  return existing;
}

export async function findSandboxOrder(db: DbOrTx, id: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id));
  return row;
}

/** Conditional update: applies only while the order is still in `fromStatus` (one capture wins). */
export async function updateSandboxOrder(
  db: DbOrTx,
  id: string,
  fromStatus: string,
  patch: Partial<Pick<SandboxOrderRow, 'status' | 'payerEmail' | 'captureId' | 'failMode'>> & {
    state: SandboxOrderState;
  },
): Promise<SandboxOrderRow | undefined> {
  const { state, ...columns } = patch;
  const [row] = await db
    .update(sandboxPaypalOrders)
    .set({ ...columns, body: JSON.stringify(state) })
    .where(and(eq(sandboxPaypalOrders.id, id), eq(sandboxPaypalOrders.status, fromStatus)))
    .returning();
  return row;
}

/**
 * Runs `work` on the order that holds capture `captureId`, locked (refunds of one capture queue
 * behind each other); a returned state is saved in the same transaction.
 */
export async function withCapturedOrderLocked<T>(
  db: Db,
  captureId: string,
  work: (row: SandboxOrderRow | undefined) => Promise<{ result: T; save?: SandboxOrderState }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.captureId, captureId))
      .for('update');
    const { result, save } = await work(row);
    if (row && save) {
      await tx
        .update(sandboxPaypalOrders)
        .set({ body: JSON.stringify(save) })
        .where(eq(sandboxPaypalOrders.id, row.id));
    }
    return result;
  });
}
