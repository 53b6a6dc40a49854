import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { users } from './users';

/**
 * Every PayPal webhook event whose signature PayPal confirmed, once per event id: the row is
 * written in the transaction of the event's effects, so a replayed delivery finds it and changes
 * nothing (docs/decisions/096-paypal-webhooks.md).
 */
export const paypalWebhookEvents = pgTable(
  'paypal_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type').notNull(),
    /** The refund, capture or dispute the event is about. */
    resourceId: text('resource_id'),
    orderId: uuid('order_id').references(() => orders.id),
    /** What the event did: 'reversed', 'own-refund', 'no-order', 'recorded', … */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('paypal_webhook_events_order_idx').on(t.orderId)],
);

/**
 * Money PayPal gave back to the buyer outside this shop (a refund made in PayPal, a reversal, a
 * dispute lost), one row per PayPal refund / reversal / dispute id: what it took back. A TIPS
 * order's entitlements are revoked (revoked_entitlements); a CREDITS order's credits are debited,
 * as far as the balance allows, and the rest is owed (credit_debts).
 */
export const orderReversals = pgTable(
  'order_reversals',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** PayPal's id of the refund, reversal or dispute: one reversal per id. */
    sourceId: text('source_id').notNull().unique(),
    kind: text('kind', { enum: ['refund', 'reversal', 'dispute'] }).notNull(),
    /** Money returned to the buyer, in cents. */
    amountCents: integer('amount_cents').notNull(),
    /** CREDITS orders: credits the reversal takes back (= debited + owed). 0 for TIPS orders. */
    creditsCents: integer('credits_cents').notNull(),
    debitedCents: integer('debited_cents').notNull(),
    owedCents: integer('owed_cents').notNull(),
    revokedTips: integer('revoked_tips').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_reversals_order_idx').on(t.orderId),
    check(
      'order_reversals_amounts',
      sql`${t.amountCents} > 0 and ${t.debitedCents} >= 0 and ${t.owedCents} >= 0`,
    ),
    check('order_reversals_credits_split', sql`${t.creditsCents} = ${t.debitedCents} + ${t.owedCents}`),
  ],
);

/** Credits a reversal could not take back; repaid from later credit purchases before any use. */
export const creditDebts = pgTable(
  'credit_debts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reversalId: integer('reversal_id')
      .notNull()
      .unique()
      .references(() => orderReversals.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    repaidCents: bigint('repaid_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_debts_open_idx').on(t.userId).where(sql`${t.settledAt} is null`),
    check(
      'credit_debts_bounds',
      sql`${t.amountCents} > 0 and ${t.repaidCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

/** Entitlements taken away by a reversal: the grant as it was, kept for the record. */
export const revokedEntitlements = pgTable(
  'revoked_entitlements',
  {
    entitlementId: integer('entitlement_id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    buyerEmail: text('buyer_email'),
    tipId: integer('tip_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    source: text('source').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    reversalId: integer('reversal_id')
      .notNull()
      .references(() => orderReversals.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_entitlements_order_idx').on(t.orderId)],
);
