import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tips, tipsters } from './catalogue';

/**
 * The hash chain of each tipster's record (decision 077). Rows are appended by triggers on `tips`
 * in the transaction of the action (publication, settlement, correction); the database refuses
 * UPDATE and DELETE. `hash` = SHA-256 over `prev_hash` and the event's canonical text, which the
 * export rebuilds from the tip row (packages/record-verify defines it).
 */
export const RECORD_EVENT_KINDS = ['published', 'settled', 'voided', 'corrected', 'closed'] as const;

export const recordEvents = pgTable(
  'record_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id),
    /** 1, 2, 3… per tipster: the chain's order. */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: RECORD_EVENT_KINDS }).notNull(),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Settlement events keep what they recorded (a later correction supersedes, never edits). */
    outcome: text('outcome'),
    resultDetails: text('result_details'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    unique('record_events_tipster_seq_key').on(t.tipsterId, t.seq),
    index('record_events_tip_idx').on(t.tipId),
    check(
      'record_events_kind_check',
      sql`${t.kind} in ('published', 'settled', 'voided', 'corrected', 'closed')`,
    ),
  ],
);

/** Each chain's head: the row locked to append (one writer per tipster at a time). */
export const recordHeads = pgTable('record_heads', {
  tipsterId: integer('tipster_id')
    .primaryKey()
    .references(() => tipsters.id),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});

/** The daily Merkle root over every chain's head, append-only and public. */
export const recordAnchors = pgTable('record_anchors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull().unique(),
  root: text('root').notNull(),
  chains: integer('chains').notNull(),
  events: integer('events').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
