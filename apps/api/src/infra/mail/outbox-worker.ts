import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import { withFooterYear } from './email-layout';
import type { MailTransport } from './mail-transport';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailsSent,
  markSendStarted,
  type OutboxRow,
} from './outbox.repo';

export interface OutboxWorkerOptions {
  database: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: {
    info(obj: object, msg?: string): void;
    warn?(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
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
   * Delivers everything due now; returns how many were sent. Each email is marked "send started"
   * before its transport is called and "sent" as soon as the transport confirms it, one at a time
   * (decision 112): a crash leaves at most the one email in flight in doubt, never a batch already
   * delivered (issue 29.4: 6 of 137 emails went out twice when the batch was marked at its end).
   */
  async function runOnce(): Promise<number> {
    const claimed = await claimDueEmails(database.db, clock.now(), batchSize, leaseMs);
    let sent = 0;
    for (const row of claimed) {
      if (await deliverOnce(row)) sent++;
    }
    return sent;
  }

  /**
   * An email whose send started under a process that died is in doubt. A transport that can tell
   * (files) is asked and a delivered one is only marked; otherwise (SMTP) it is sent again, once
   * per crash, with the same Message-ID so that the receiving side can recognise the repeat.
   */
  async function deliverOnce(row: OutboxRow): Promise<boolean> {
    const messageId = `outbox-${row.id}@tipsmarket`;
    if (row.sendStartedAt !== null) {
      if (transport.wasDelivered && (await transport.wasDelivered(messageId))) {
        await markEmailsSent(database.db, [row.id], clock.now());
        return false;
      }
      log.warn?.(
        { emailId: row.id, template: row.template, sendStartedAt: row.sendStartedAt },
        'email was in flight when a process stopped; sending it again with the same Message-ID',
      );
    }
    await markSendStarted(database.db, row.id, clock.now());
    if (!(await deliver(row, messageId))) return false;
    await markEmailsSent(database.db, [row.id], clock.now());
    return true;
  }

  async function deliver(row: OutboxRow, messageId: string): Promise<boolean> {
    try {
      await transport.send({
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        // The footer's year from this worker's clock (email-layout.ts).
        html: withFooterYear(row.html, clock.now()),
        text: withFooterYear(row.text, clock.now()),
        messageId,
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
