import { and, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { tipAlertFanouts, tipNotifications } from '../../db/schema';

/**
 * What an alert email says of a tip: match, market, kick-off, odds and price. The selection is read
 * only for a free tip (`free_selection`); a paid pick never leaves the database on this path.
 */
export interface AlertRow {
  id: number;
  user_id: number;
  email: string;
  language: string;
  tip_id: number;
  tipster_id: number;
  tipster_name: string;
  home_team: string;
  away_team: string;
  league: string;
  event_time: string | Date;
  betting_type: number;
  odds_hundredths: number;
  price_cents: number;
  free_selection: string | null;
  /** The end of the follower's time-out or self-exclusion, if any: no alert email until then. */
  blocked_until: string | Date | null;
}

const ALERT_COLUMNS = sql`n.id::int as id, n.user_id, u.email, u.language, n.tip_id, n.tipster_id,
  tp.name as tipster_name, t.home_team, t.away_team, t.league, t.event_time, t.betting_type,
  t.odds_hundredths, t.price_cents, case when t.price_cents = 0 then t.selection end as free_selection,
  (select pb.ends_at from purchase_blocks pb where pb.user_id = n.user_id) as blocked_until`;

const ALERT_JOINS = sql`from tip_notifications n
  join users u on u.id = n.user_id
  join tips t on t.id = n.tip_id
  join tipsters tp on tp.id = n.tipster_id`;

/**
 * Instant alerts not yet emailed, oldest first, locked with SKIP LOCKED: several processes share
 * the work and never take the same row; the claim ends with the transaction that queues the
 * emails and marks the rows (alert-mailer.ts), so a crash in between leaves them to the next run.
 */
const claimInstant = preparedSql<AlertRow>(
  'claim_instant_alerts',
  sql`select ${ALERT_COLUMNS} ${ALERT_JOINS}
    where n.email = 'instant' and n.emailed_at is null
    order by n.id
    limit ${sql.placeholder('limit')}::int
    for update of n skip locked`,
);

export function claimInstantAlerts(tx: DbOrTx, limit: number): Promise<AlertRow[]> {
  return claimInstant(tx, { limit });
}

const usersWithDigest = preparedSql<{ user_id: number }>(
  'users_with_due_digest',
  sql`select distinct user_id from tip_notifications
    where email = 'digest' and emailed_at is null and created_at < ${sql.placeholder('cutoff')}::timestamptz
    limit ${sql.placeholder('limit')}::int`,
);

export async function findUsersWithDueDigest(db: Db, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await usersWithDigest(db, { cutoff: cutoff.toISOString(), limit });
  return rows.map((r) => r.user_id);
}

/**
 * One user's digest rows before the cutoff, locked (waiting, not skipping): two processes on the
 * same user take turns, and the second finds the rows already emailed, so a digest is never split
 * or sent twice.
 */
const lockDigest = preparedSql<AlertRow>(
  'lock_user_digest',
  sql`select ${ALERT_COLUMNS} ${ALERT_JOINS}
    where n.user_id = ${sql.placeholder('userId')}::int and n.email = 'digest' and n.emailed_at is null
      and n.created_at < ${sql.placeholder('cutoff')}::timestamptz
    order by t.event_time, n.id
    for update of n`,
);

export function lockUserDigest(tx: DbOrTx, userId: number, cutoff: Date): Promise<AlertRow[]> {
  return lockDigest(tx, { userId, cutoff: cutoff.toISOString() });
}

const markEmailed = preparedSql(
  'mark_alerts_emailed',
  sql`update tip_notifications set emailed_at = ${sql.placeholder('now')}::timestamptz
    where id = any(${sql.placeholder('ids')}::bigint[])`,
);

export async function markAlertsEmailed(tx: DbOrTx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await markEmailed(tx, { ids: [...ids], now: now.toISOString() });
}

/** For metrics: tips whose followers are still to be notified, and notifications still to be emailed. */
export async function countPendingAlertEmails(
  db: Db,
): Promise<{ fanout: number; instant: number; digest: number }> {
  const [[fanouts], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(tipAlertFanouts),
    db
      .select({ email: tipNotifications.email, n: sql<number>`count(*)::int` })
      .from(tipNotifications)
      .where(and(isNull(tipNotifications.emailedAt), ne(tipNotifications.email, 'none')))
      .groupBy(tipNotifications.email),
  ]);
  const of = (mode: string) => rows.find((r) => r.email === mode)?.n ?? 0;
  return { fanout: fanouts?.n ?? 0, instant: of('instant'), digest: of('digest') };
}
