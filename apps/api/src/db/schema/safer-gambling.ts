import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Safer-gambling tools (issue #20, decision 087). A spending limit per rolling period; a raise
 * (or removal) waits 24 hours in the pending columns, a cut applies at once.
 */
export const spendingLimits = pgTable(
  'spending_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['DAY', 'WEEK', 'MONTH'] }).notNull(),
    /** The limit in force, in cents; null: none. */
    limitCents: integer('limit_cents'),
    /** A raise waiting for its cool-off: applies from `pendingFrom` (null cents: the limit is removed). */
    pendingLimitCents: integer('pending_limit_cents'),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    check('spending_limits_positive', sql`${t.limitCents} is null or ${t.limitCents} > 0`),
    check(
      'spending_limits_pending_positive',
      sql`${t.pendingLimitCents} is null or ${t.pendingLimitCents} > 0`,
    ),
  ],
);

/** A time-out or a self-exclusion: no purchase until it ends; neither can be shortened. */
export const purchaseBlocks = pgTable(
  'purchase_blocks',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TIME_OUT', 'SELF_EXCLUSION'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('purchase_blocks_ends_after_start', sql`${t.endsAt} > ${t.startedAt}`)],
);

/** Usernames of erased accounts, not reusable until `reusableAt` (issue #20 point 3). */
export const releasedUsernames = pgTable('released_usernames', {
  usernameLower: text('username_lower').primaryKey(),
  reusableAt: timestamp('reusable_at', { withTimezone: true }).notNull(),
});
