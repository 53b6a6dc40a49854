import { EARNING_ENTRY_KINDS, PAYOUT_STATUSES } from '@tips/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tips, tipsters } from './catalogue';
import { orders } from './commerce';
import { users } from './users';

// sale: a paid tip sold (share and commission); void / refund / reversal / dispute: taken back and
// owed to the buyer; payout: paid out to the tipster (negative); payout_restored: a failed or
// returned payout given back.
export const EARNING_KINDS = EARNING_ENTRY_KINDS;

/**
 * The earnings ledger (decision 170): append-only (a trigger forbids UPDATE and DELETE), one row per
 * event, its amounts split over three accounts in cents: the tipster's share, the platform's
 * commission and what is owed back to buyers. For every sold order line (order, tip) the three sum
 * to what the buyer paid for it (credits valued at the deepest pack discount); a payout moves only
 * the tipster's account. An entry with a tip is pending until the tip settled and the hold passed
 * (a rule applied when reading: no job moves money); one without (payouts) is available at once.
 */
export const earningsEntries = pgTable(
  'earnings_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id),
    kind: text('kind', { enum: EARNING_KINDS }).notNull(),
    tipsterCents: bigint('tipster_cents', { mode: 'number' }).notNull(),
    platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    tipId: integer('tip_id').references(() => tips.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    /** How the buyer paid, for a sale line (credits are valued at the deepest pack discount). */
    paidWith: text('paid_with', { enum: ['credits', 'paypal', 'manual'] }),
    /** The same key twice posts once: `sale:<order>:<tip>`, `back:<order>:<tip>`, `payout:<id>`, … */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('earnings_tipster_idx').on(t.tipsterId, t.id),
    index('earnings_tip_idx').on(t.tipId),
    index('earnings_order_idx').on(t.orderId),
    index('earnings_created_idx').on(t.createdAt),
    check(
      'earnings_entry_moves_money',
      sql`${t.tipsterCents} <> 0 or ${t.platformCents} <> 0 or ${t.refundCents} <> 0`,
    ),
    check(
      'earnings_entry_about',
      sql`(${t.payoutId} is not null and ${t.orderId} is null and ${t.tipId} is null) or (${t.payoutId} is null and ${t.orderId} is not null and ${t.tipId} is not null)`,
    ),
  ],
);

// REQUESTED (the amount left the available balance; the worker sends it), HELD (by an admin, with a
// reason), SENT (PayPal accepted the batch), then SUCCEEDED, UNCLAIMED (PayPal holds it until the
// receiver opens an account), FAILED or RETURNED (restored to the tipster, once).
export { PAYOUT_STATUSES };

/** A payout of a tipster's available earnings through PayPal Payouts, one sender_batch_id each. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    receiver: text('receiver').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('REQUESTED'),
    /** Ours, unique: PayPal pays a sender_batch_id once, so a retried send never pays twice. */
    senderBatchId: text('sender_batch_id').notNull().unique(),
    providerBatchId: text('provider_batch_id'),
    providerItemId: text('provider_item_id'),
    providerStatus: text('provider_status'),
    holdReason: text('hold_reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_tipster_idx').on(t.tipsterId, t.id),
    index('payouts_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'REQUESTED'`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Where a tipster's payouts go (their PayPal receiver address). */
export const payoutAccounts = pgTable('payout_accounts', {
  tipsterId: integer('tipster_id')
    .primaryKey()
    .references(() => tipsters.id),
  paypalEmail: text('paypal_email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Local PayPal emulator state for Payouts (sandbox-local mode only): one row per sender_batch_id. */
export const sandboxPaypalPayouts = pgTable('sandbox_paypal_payouts', {
  senderBatchId: text('sender_batch_id').primaryKey(),
  batchId: text('batch_id').notNull().unique(),
  itemId: text('item_id').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
