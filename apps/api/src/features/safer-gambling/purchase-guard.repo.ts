import { MESSAGES, PAYPAL_APPROVAL_WINDOW_MS, SPENDING_PERIOD_MS, type SpendingPeriod } from '@tips/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonColumn, preparedSql } from '../../db/prepared';
import { unauthorized, unprocessable } from '../../lib/app-error';
import { judgePurchase, type PurchaseGuardState } from './purchase-rules';
import { countsAsDeposit } from './spending-window.repo';

/**
 * The safer-gambling guard every purchase path calls inside its own transaction (a public surface
 * of this domain: docs/architecture.md). It locks the buyer's row first (a statement of its own,
 * see assertMayPurchase), so two purchases of one user queue up and cannot both pass a limit, then
 * one statement reads the active block, the limits and what the user deposited or reserved in each
 * rolling window (spending-window.repo.ts, decision 130).
 */
const guardStatement = preparedSql<{
  locked: number | null;
  block_kind: 'TIME_OUT' | 'SELF_EXCLUSION' | null;
  block_ends: string | Date | null;
  day: string | number;
  week: string | number;
  month: string | number;
  limits: unknown;
}>(
  'purchase_guard',
  sql`with u as (
      select id from users where id = ${sql.placeholder('userId')}::int and deleted_at is null for update
    ), b as (
      select kind, ends_at from purchase_blocks
      where user_id = ${sql.placeholder('userId')}::int and ends_at > ${sql.placeholder('now')}::timestamptz
    ), s as (
      select
        coalesce(sum(amount_cents) filter (where created_at > ${sql.placeholder('dayStart')}::timestamptz), 0) as day,
        coalesce(sum(amount_cents) filter (where created_at > ${sql.placeholder('weekStart')}::timestamptz), 0) as week,
        coalesce(sum(amount_cents), 0) as month
      from orders
      where user_id = ${sql.placeholder('userId')}::int
        and ${countsAsDeposit}
        and created_at > ${sql.placeholder('monthStart')}::timestamptz
        and id <> coalesce(${sql.placeholder('excludeOrderId')}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
    )
    select (select id from u) as locked, (select kind from b) as block_kind, (select ends_at from b) as block_ends,
      s.day, s.week, s.month,
      (select coalesce(json_agg(json_build_object('period', period, 'limitCents', limit_cents,
          'pendingLimitCents', pending_limit_cents, 'pendingFrom', pending_from)), '[]'::json)
        from spending_limits where user_id = ${sql.placeholder('userId')}::int) as limits
    from s`,
);

const lockBuyerStatement = preparedSql<{ id: number }>(
  'purchase_guard_lock',
  sql`select id from users where id = ${sql.placeholder('userId')}::int for update`,
);

/** The buyer's block, limits and spending, read under the buyer's row lock. */
export async function readPurchaseGuard(
  tx: DbOrTx,
  userId: number,
  now: Date,
  excludeOrderId: string | null = null,
): Promise<PurchaseGuardState & { isAccountOpen: boolean }> {
  const start = (period: SpendingPeriod) => new Date(now.getTime() - SPENDING_PERIOD_MS[period]);
  const [row] = await guardStatement(tx, {
    userId,
    now,
    dayStart: start('DAY'),
    weekStart: start('WEEK'),
    monthStart: start('MONTH'),
    reservedSince: new Date(now.getTime() - PAYPAL_APPROVAL_WINDOW_MS),
    excludeOrderId,
  });
  const limits = jsonColumn<
    Array<{
      period: SpendingPeriod;
      limitCents: number | null;
      pendingLimitCents: number | null;
      pendingFrom: string | null;
    }>
  >(row.limits);
  return {
    isAccountOpen: row.locked !== null,
    block:
      row.block_kind && row.block_ends ? { kind: row.block_kind, endsAt: new Date(row.block_ends) } : null,
    spentCents: { DAY: Number(row.day), WEEK: Number(row.week), MONTH: Number(row.month) },
    limits: limits.map((limit) => ({
      ...limit,
      pendingFrom: limit.pendingFrom === null ? null : new Date(limit.pendingFrom),
    })),
  };
}

/**
 * Refuses (422, with the reason in the user's words) a purchase of `amountCents` by `userId` at
 * `now`: an active time-out or self-exclusion, or a spending limit it would pass. Call it inside
 * the purchase's transaction, before anything is written; `excludeOrderId` leaves out the order
 * being re-checked (a PayPal capture re-checks its own, already reserved, order). `buyerLocked`:
 * the caller's transaction already locked the buyer's row in an earlier statement (a credit sale).
 */
export async function assertMayPurchase(
  tx: DbOrTx,
  userId: number,
  amountCents: number,
  now: Date,
  excludeOrderId: string | null = null,
  buyerLocked = false,
): Promise<void> {
  // The lock comes first, in a statement of its own: on PostgreSQL (read committed) a statement
  // that waits for a row lock still reads the rest from the snapshot it started with, so a guard
  // that locked and summed in one statement missed the order a concurrent purchase had just
  // committed, and concurrent PayPal or manual deposits all passed one limit (decision 130). A
  // lock taken by an earlier statement of the transaction does the same, one round trip fewer.
  if (!buyerLocked) await lockBuyerStatement(tx, { userId });
  const guard = await readPurchaseGuard(tx, userId, now, excludeOrderId);
  // An erased account buys nothing, even with an access token issued before the erasure.
  if (!guard.isAccountOpen) throw unauthorized();
  const refusal = judgePurchase(guard, amountCents, now);
  if (refusal) throw refusal;
}

const blockedStatement = preparedSql<{ blocked: boolean }>(
  'purchase_blocked',
  sql`select exists (select 1 from purchase_blocks where user_id = ${sql.placeholder('userId')}::int
    and ends_at > ${sql.placeholder('now')}::timestamptz) as blocked`,
);

/**
 * True while the user is in a time-out or self-exclusion. For the alerts (issue #20 point 1):
 * follows stop emailing during either.
 */
export async function isPurchaseBlocked(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const [row] = await blockedStatement(db, { userId, now });
  return row?.blocked === true;
}

/** The same rule as an SQL predicate over a user id column, for set-based senders (an outbox fan-out). */
export function isExcludedSql(userIdColumn: SQL, now: Date): SQL {
  return sql`exists (select 1 from purchase_blocks pb where pb.user_id = ${userIdColumn} and pb.ends_at > ${now})`;
}

const pausedAddressStatement = preparedSql<{ paused: boolean }>(
  'purchase_address_paused',
  sql`select exists (
      select 1 from purchase_blocks pb
      join users u on u.id = pb.user_id
      where pb.ends_at > ${sql.placeholder('now')}::timestamptz
        and canonical_email(u.email) in (
          select canonical_email(a) from unnest(${sql.placeholder('addresses')}::text[]) as a
        )
    ) as paused`,
);

/**
 * Refuses (422) a purchase whose payer, contact or delivery address is the address of an account
 * in a time-out or self-exclusion (decision 111), with or without an account of the buyer's own:
 * a person who paused cannot buy as a visitor, or through a friend's account, to their own inbox.
 * Addresses are compared in the migration's `canonical_email` form (case, "+tags", Gmail's dots).
 * Run it in the purchase's transaction beside `assertMayPurchase`; nulls are skipped.
 */
export async function assertAddressesMayPurchase(
  tx: DbOrTx,
  addresses: ReadonlyArray<string | null | undefined>,
  now: Date,
): Promise<void> {
  const given = addresses.filter(
    (address): address is string => typeof address === 'string' && address !== '',
  );
  if (given.length === 0) return;
  const [row] = await pausedAddressStatement(tx, { now, addresses: given });
  if (row?.paused === true) throw unprocessable(MESSAGES.addressPurchasesPaused);
}

/**
 * The guard as a purchase service takes it (docs/architecture.md, "Wiring a service"): bound to
 * the database, the purchase's transaction last. Call it inside that transaction.
 */
export function createPurchaseGuard(db: DbOrTx) {
  return {
    assertMayPurchase: (
      purchase: {
        userId: number;
        amountCents: number;
        now: Date;
        exceptOrderId?: string;
        buyerLocked?: boolean;
      },
      tx: DbOrTx = db,
    ) =>
      assertMayPurchase(
        tx,
        purchase.userId,
        purchase.amountCents,
        purchase.now,
        purchase.exceptOrderId ?? null,
        purchase.buyerLocked,
      ),
    /** The same guard for the payer, contact or delivery addresses of a purchase (decision 111). */
    assertAddressesMayPurchase: (
      check: { addresses: ReadonlyArray<string | null>; now: Date },
      tx: DbOrTx = db,
    ) => assertAddressesMayPurchase(tx, check.addresses, check.now),
  };
}
