import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import { withFooterYear } from './email-layout';
import type { MailTransport } from './mail-transport';
import { claimDueEmails, markEmailFailed, markEmailsSent, type OutboxRow } from './outbox.repo';

export interface OutboxWorkerOptions {
  database: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  intervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export function createOutboxWorker(opts: OutboxWorkerOptions) {
  const { database, transport, clock, log } = opts;
  const batchSize = opts.batchSize ?? 20;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 8;

  /**
   * Delivers everything due now; returns how many were sent. Sent rows are marked together at the
   * end of the batch (one commit, not one per email): they stay leased until then, so no other
   * worker takes them, and a crash before the mark re-sends them after the lease (at least once).
   */
  async function runOnce(): Promise<number> {
    const claimed = await claimDueEmails(database.db, clock.now(), batchSize, leaseMs);
    const sentIds: number[] = [];
    try {
      for (const row of claimed) {
        if (await deliver(row)) sentIds.push(row.id);
      }
    } finally {
      await markEmailsSent(database.db, sentIds, clock.now());
    }
    return sentIds.length;
  }

  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      await transport.send({
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        // The footer's year from this worker's clock (email-layout.ts).
        html: withFooterYear(row.html, clock.now()),
        text: withFooterYear(row.text, clock.now()),
        messageId: `outbox-${row.id}@tipsmarket`,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt =
        row.attempts >= maxAttempts ? null : new Date(clock.now().getTime() + retryDelayMs(row.attempts));
      await markEmailFailed(database.db, row.id, message, retryAt);
      log.error({ emailId: row.id, template: row.template, attempt: row.attempts }, 'email delivery failed');
      return false;
    }
  }

  const task = repeatingTask({
    name: 'outbox',
    // Keep draining while full batches come back.
    run: async (isStopped) => {
      while ((await runOnce()) === batchSize && !isStopped()) {}
    },
    nextDelayMs: () => opts.intervalMs ?? 1000,
    onError: (err) => log.error({ err }, 'outbox worker tick failed'),
  });

  return {
    runOnce,
    start: task.start,
    /** Stops polling and lets the batch in flight finish (graceful shutdown). */
    stop: task.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
