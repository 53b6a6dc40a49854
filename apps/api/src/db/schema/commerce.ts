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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aiPlans, tips } from './catalogue';
import { users } from './users';

/**
 * Append-only credits ledger (a trigger forbids UPDATE and DELETE). The user's cached balance
 * changes only in the same transaction. Invariant: users.credit_balance = sum(amount_cents).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason', {
      enum: [
        'credit_purchase',
        'credit_request',
        'tip_purchase',
        'admin_adjustment',
        'refund',
        'bonus',
        // Credits taken back after PayPal refunded or reversed the payment that bought them.
        'payment_reversal',
        // Credits bought later that pay off what a reversal could not take (credit_debts).
        'debt_repayment',
      ],
    }).notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.id),
    check('ledger_amount_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

export const ORDER_STATUSES = ['CREATED', 'APPROVED', 'PENDING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;

/** A money flow (PayPal or a manual request) with a status machine. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').references(() => users.id),
    type: text('type', { enum: ['CREDITS', 'TIPS'] }).notNull(),
    method: integer('method').notNull(),
    provider: text('provider', { enum: ['paypal', 'manual', 'credits'] }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('CREATED'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** For CREDITS orders: how many credits (hundredths) the order grants. */
    creditsCents: integer('credits_cents'),
    providerOrderId: text('provider_order_id'),
    providerCaptureId: text('provider_capture_id'),
    payerEmail: text('payer_email'),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactEmail: text('contact_email'),
    contactCountry: text('contact_country'),
    contactMobile: text('contact_mobile'),
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_provider_order_uq').on(t.providerOrderId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    check('orders_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tipId: integer('tip_id').references(() => tips.id),
    aiPlanId: integer('ai_plan_id').references(() => aiPlans.id),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** The right to see a tip's selection. One per (buyer, tip). Visitors buy by email. */
export const entitlements = pgTable(
  'entitlements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    buyerEmail: text('buyer_email'),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id),
    orderId: uuid('order_id').references(() => orders.id),
    source: text('source', { enum: ['credits', 'paypal', 'manual', 'subscription', 'admin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entitlements_user_tip_uq').on(t.userId, t.tipId).where(sql`${t.userId} is not null`),
    uniqueIndex('entitlements_email_tip_uq')
      .on(sql`lower(${t.buyerEmail})`, t.tipId)
      .where(sql`${t.userId} is null`),
    index('entitlements_tip_idx').on(t.tipId),
    check('entitlements_has_buyer', sql`${t.userId} is not null or ${t.buyerEmail} is not null`),
  ],
);

/** A paid AI plan: delivers tips_total model tips as they are published. */
export const aiSubscriptions = pgTable(
  'ai_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => aiPlans.id),
    orderId: uuid('order_id').references(() => orders.id),
    tipsTotal: integer('tips_total').notNull(),
    tipsDelivered: integer('tips_delivered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_subscriptions_open_idx').on(t.planId).where(sql`${t.completedAt} is null`),
    check('ai_subscriptions_delivery_bounds', sql`${t.tipsDelivered} between 0 and ${t.tipsTotal}`),
  ],
);

/** Local PayPal emulator state (sandbox-local mode only); a table so it survives restarts. */
export const sandboxPaypalOrders = pgTable('sandbox_paypal_orders', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amountValue: text('amount_value').notNull(),
  currency: text('currency').notNull(),
  payerEmail: text('payer_email'),
  captureId: text('capture_id'),
  failMode: text('fail_mode'),
  requestId: text('request_id').unique(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
