import type { Database } from '../../db/client';
import { enqueueEmails } from '../../infra/mail/outbox.repo';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import { type AlertLinks, tipAlertEmail, tipDigestEmail } from './alert-emails';
import {
  type AlertRow,
  claimInstantAlerts,
  findUsersWithDueDigest,
  lockUserDigest,
  markAlertsEmailed,
} from './alert-mailer.repo';
import { claimFollowerFanouts, insertFollowerNotifications } from './tip-alerts.repo';
import type { UnsubscribeScope, UnsubscribeTokens } from './unsubscribe-token';

export interface AlertMailerDeps {
  database: Database;
  clock: Clock;
  publicUrl: string;
  tokens: UnsubscribeTokens;
  log: { error(obj: object, msg?: string): void };
  intervalMs?: number;
  batchSize?: number;
}

const DAY_MS = 86_400_000;
/** Tips expanded per transaction: a tip with many followers is one large statement already. */
const FANOUTS_PER_BATCH = 10;

/** The start of the UTC day of `now`: digests cover what was published before it. */
export function digestCutoff(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Expands published tips into followers' notifications, and turns those into emails through the
 * outbox (which then delivers them with retries):
 * - fan-out: each published tip's row becomes one notification per follower (SKIP LOCKED);
 * - instant: claimed in batches with SKIP LOCKED, so several processes share the work;
 * - digest: once a UTC day has ended, one email per user for that day's tips, the user's rows
 *   locked so that two processes never split or repeat a digest.
 * Each batch queues its emails and marks its rows in one transaction; the outbox's dedupe keys
 * (per user and tip, per user and day) are a second guard. Tips whose match has kicked off by
 * then are marked but not mailed: an alert can only be acted on before kick-off.
 */
export function createAlertMailer(deps: AlertMailerDeps) {
  const { database, clock } = deps;
  const batchSize = deps.batchSize ?? 200;

  function links(scope: UnsubscribeScope): AlertLinks {
    const token = deps.tokens.sign(scope, clock.now());
    return {
      publicUrl: deps.publicUrl,
      oneClickUrl: `${deps.publicUrl}/api/alerts/unsubscribe?token=${token}`,
      pageUrl: `${deps.publicUrl}/unsubscribe?token=${token}`,
    };
  }

  // Only tips still to kick off, and never to someone in a time-out or self-exclusion (decision
  // 087: follows stop emailing; the bell still lists the tips, and the rows are handled, not kept).
  const isMailable = (row: AlertRow, now: Date) =>
    new Date(row.event_time).getTime() > now.getTime() &&
    (row.blocked_until === null || new Date(row.blocked_until).getTime() <= now.getTime());

  /**
   * Expands queued fan-outs (one per published tip) into the followers' notifications: a few tips
   * per transaction, each one INSERT … SELECT that also deletes its fan-out row. Returns how many
   * tips it expanded.
   */
  async function expandFanouts(): Promise<number> {
    return database.db.transaction(async (tx) => {
      const fanouts = await claimFollowerFanouts(tx, FANOUTS_PER_BATCH);
      for (const fanout of fanouts) {
        await insertFollowerNotifications(tx, {
          id: fanout.tip_id,
          tipsterId: fanout.tipster_id,
          publishedAt: new Date(fanout.published_at),
        });
      }
      return fanouts.length;
    });
  }

  /** One batch of instant alerts; returns how many notifications it handled. */
  async function sendInstantBatch(): Promise<number> {
    const now = clock.now();
    return database.db.transaction(async (tx) => {
      const rows = await claimInstantAlerts(tx, batchSize);
      const emails = rows
        .filter((row) => isMailable(row, now))
        .map((row) => tipAlertEmail(row, links({ userId: row.user_id, tipsterId: row.tipster_id })));
      await enqueueEmails(tx, emails);
      await markAlertsEmailed(
        tx,
        rows.map((row) => row.id),
        now,
      );
      return rows.length;
    });
  }

  /** Digests of every user whose day has ended; returns how many digests were queued. */
  async function sendDueDigests(): Promise<number> {
    const now = clock.now();
    const cutoff = digestCutoff(now);
    const period = new Date(cutoff.getTime() - DAY_MS).toISOString().slice(0, 10);
    const users = await findUsersWithDueDigest(database.db, cutoff, batchSize);
    let sent = 0;
    for (const userId of users) {
      sent += await database.db.transaction(async (tx) => {
        const rows = await lockUserDigest(tx, userId, cutoff);
        const upcoming = rows.filter((row) => isMailable(row, now));
        if (upcoming.length > 0) {
          await enqueueEmails(tx, [tipDigestEmail(upcoming, period, links({ userId, tipsterId: null }))]);
        }
        await markAlertsEmailed(
          tx,
          rows.map((row) => row.id),
          now,
        );
        return upcoming.length > 0 ? 1 : 0;
      });
    }
    return sent;
  }

  async function runOnce(): Promise<void> {
    while ((await expandFanouts()) === FANOUTS_PER_BATCH) {}
    while ((await sendInstantBatch()) === batchSize) {}
    await sendDueDigests();
  }

  const task = repeatingTask({
    name: 'alert-mailer',
    run: runOnce,
    nextDelayMs: () => deps.intervalMs ?? 2000,
    onError: (err) => deps.log.error({ err }, 'alert mailer run failed'),
  });

  return { runOnce, expandFanouts, sendInstantBatch, sendDueDigests, start: task.start, stop: task.stop };
}

export type AlertMailer = ReturnType<typeof createAlertMailer>;
