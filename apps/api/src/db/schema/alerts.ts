import { ALERT_MODES } from '@tips/contract/rules';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tips, tipsters } from './catalogue';
import { users } from './users';

/** A user's default alert mode; a follow's own mode (follows.alert_mode) overrides it. No row = instant. */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ALERT_MODES }).notNull().default('instant'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One in-app notification per (follower, tip), written by one INSERT … SELECT over the tipster's
 * followers when the alert mailer expands the tip's fan-out row. `email` is the mode decided at that moment;
 * `emailed_at` is set in the transaction that queues its email (or digest) into the outbox.
 */
export const tipNotifications = pgTable(
  'tip_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id, { onDelete: 'cascade' }),
    email: text('email', { enum: ['instant', 'digest', 'none'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tip_notifications_user_tip_uq').on(t.userId, t.tipId),
    index('tip_notifications_user_idx').on(t.userId, t.id),
    index('tip_notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('tip_notifications_email_due_idx')
      .on(t.email, t.id)
      .where(sql`${t.emailedAt} is null and ${t.email} <> 'none'`),
  ],
);

/**
 * One row per published tip whose followers are still to be notified: publishing writes it (one
 * row, whatever the number of followers) and the alert mailer expands it into tip_notifications
 * and deletes it in one transaction, so a tipster with 100,000 followers publishes as fast as one
 * with none.
 */
export const tipAlertFanouts = pgTable('tip_alert_fanouts', {
  tipId: integer('tip_id')
    .primaryKey()
    .references(() => tips.id, { onDelete: 'cascade' }),
  tipsterId: integer('tipster_id').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});
