import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { emailOutbox } from '../../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A short name for the kind of message, for logs and tests (never the content). */
  template: string;
  /** The same key twice queues the email once (a replayed capture must not mail twice). */
  dedupeKey?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on alert emails). */
  headers?: Record<string, string>;
  /** When it becomes due (the app's clock; defaults to the database's now()). */
  now?: Date;
}

/** Queues an email in the caller's transaction, so it exists exactly when the event committed. */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
  await enqueueEmails(tx, [email]);
}

/**
 * One prepared INSERT for any number of emails: each field is an array (unnest), so the SQL text
 * is the same whatever the count, and it is parsed once per connection. A missing `now` is the
 * database's now(), as the columns' defaults would give.
 */
const insertEmails = preparedSql(
  'enqueue_emails',
  sql`insert into email_outbox (to_address, subject, html, text, template, dedupe_key, headers, next_attempt_at, created_at)
    select e.to_address, e.subject, e.html, e.text, e.template, e.dedupe_key, e.headers::jsonb,
      coalesce(e.due, now()), coalesce(e.due, now())
    from unnest(${sql.placeholder('to')}::text[], ${sql.placeholder('subject')}::text[],
      ${sql.placeholder('html')}::text[], ${sql.placeholder('text')}::text[], ${sql.placeholder('template')}::text[],
      ${sql.placeholder('dedupeKey')}::text[], ${sql.placeholder('headers')}::text[],
      ${sql.placeholder('due')}::timestamptz[])
      as e(to_address, subject, html, text, template, dedupe_key, headers, due)
    on conflict (dedupe_key) do nothing`,
);

/** Emails per INSERT in enqueueEmails: keeps one message to the database a few megabytes at most. */
const BATCH_ROWS = 500;

/**
 * Queues many emails in the caller's transaction with one INSERT per 500, not one round trip
 * each: settling a tip bought by 1,000 people must not hold its locks for 1,000 statements.
 * Same rules as enqueueEmail (a repeated dedupeKey is skipped).
 */
export async function enqueueEmails(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<void> {
  for (let start = 0; start < emails.length; start += BATCH_ROWS) {
    const batch = emails.slice(start, start + BATCH_ROWS);
    await insertEmails(tx, {
      to: batch.map((e) => e.to),
      subject: batch.map((e) => e.subject),
      html: batch.map((e) => e.html),
      text: batch.map((e) => e.text),
      template: batch.map((e) => e.template),
      dedupeKey: batch.map((e) => e.dedupeKey ?? null),
      headers: batch.map((e) => (e.headers ? JSON.stringify(e.headers) : null)),
      due: batch.map((e) => e.now?.toISOString() ?? null),
    });
  }
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due emails for `leaseMs`: the rows are locked with SKIP LOCKED so several
 * processes never claim the same one, and their next attempt is pushed past the lease, so a
 * process that dies mid-send leaves them to be retried (at least once, never lost).
 */
export async function claimDueEmails(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        inArray(
          emailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Records, in a commit of its own, that the transport is about to be called for this email
 * (decision 112): a pending row that still carries it after its lease lapsed was in flight when a
 * process died, and the worker treats it by the stated rule instead of sending blindly.
 */
export async function markSendStarted(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sendStartedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')));
}

/** Marks delivered emails sent (the worker marks each one as soon as its transport confirms it). */
export async function markEmailsSent(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(inArray(emailOutbox.id, [...ids]));
}

export async function markEmailFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(emailOutbox)
    // The transport refused it, so it was not delivered: no longer in doubt.
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt, sendStartedAt: null }
        : { lastError: error, status: 'failed', sendStartedAt: null },
    )
    .where(eq(emailOutbox.id, id));
}

export interface OutboxBacklog {
  pending: number;
  due: number;
  /** Seconds the oldest due email has waited past its due time; 0 when none is due. */
  oldestDueAgeSeconds: number;
}

/** For metrics: what waits to be sent (served by the partial index on pending rows). */
export async function readOutboxBacklog(db: DbOrTx, now: Date): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      due: sql<number>`(count(*) filter (where ${emailOutbox.nextAttemptAt} <= ${now}))::int`,
      oldest: sql<string | null>`min(${emailOutbox.nextAttemptAt})`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: row?.pending ?? 0,
    due: row?.due ?? 0,
    oldestDueAgeSeconds: oldest !== null && oldest <= now.getTime() ? (now.getTime() - oldest) / 1000 : 0,
  };
}

/** The mail outbox as services take it: an email is queued in the transaction (last) of the event it tells about. */
export interface MailOutbox {
  enqueueEmail(email: OutgoingEmail, tx?: DbOrTx): Promise<void>;
}

export function createMailOutbox(db: DbOrTx): MailOutbox {
  return { enqueueEmail: (email, tx = db) => enqueueEmail(tx, email) };
}
