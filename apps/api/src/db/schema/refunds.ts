import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tips } from './catalogue';
import { entitlements, orders } from './commerce';
import { users } from './users';

export const TIP_REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;

/**
 * The money back for a voided tip, one row per paid entitlement (unique: a retried settlement or
 * sweep refunds nobody twice). `paidWith` is how the buyer paid; `method` how the money went
 * back: 'credits' (a reversing ledger entry keyed `ledgerKey`) or 'paypal' (a refund of the
 * capture, `providerRefundId`), never both (decision 047). PayPal refunds wait in 'pending' for
 * the refund worker; 'failed' needs an operator (a visitor whose PayPal refund was refused has no
 * account to credit).
 */
export const tipRefunds = pgTable(
  'tip_refunds',
  {
    id: serial('id').primaryKey(),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email'),
    /** What the buyer paid for this tip (the order line), in cents or hundredths of a credit. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paidWith: text('paid_with', { enum: ['credits', 'paypal', 'manual'] }).notNull(),
    status: text('status', { enum: TIP_REFUND_STATUSES }).notNull().default('pending'),
    method: text('method', { enum: ['credits', 'paypal'] }),
    ledgerKey: text('ledger_key').unique(),
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tip_refunds_entitlement_uq').on(t.entitlementId),
    index('tip_refunds_tip_idx').on(t.tipId),
    index('tip_refunds_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    check('tip_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'tip_refunds_completed_how',
      sql`(${t.status} <> 'completed') or (${t.method} = 'credits' and ${t.ledgerKey} is not null and ${t.providerRefundId} is null) or (${t.method} = 'paypal' and ${t.providerRefundId} is not null and ${t.ledgerKey} is null)`,
    ),
  ],
);
