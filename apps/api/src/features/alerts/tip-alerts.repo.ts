import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';

/** In the publishing transaction: one row, whatever the number of followers (expanded later). */
const queueFanout = preparedSql(
  'queue_tip_alert_fanout',
  sql`insert into tip_alert_fanouts (tip_id, tipster_id, published_at)
    values (${sql.placeholder('tipId')}::int, ${sql.placeholder('tipsterId')}::int, ${sql.placeholder('publishedAt')}::timestamptz)
    on conflict (tip_id) do nothing`,
);

export async function queueFollowerFanout(
  tx: DbOrTx,
  tip: { id: number; tipsterId: number; publishedAt: Date },
): Promise<void> {
  await queueFanout(tx, {
    tipId: tip.id,
    tipsterId: tip.tipsterId,
    publishedAt: tip.publishedAt.toISOString(),
  });
}

export interface FanoutRow {
  tip_id: number;
  tipster_id: number;
  published_at: string | Date;
}

/** Fan-outs to expand, locked with SKIP LOCKED so that several processes share them. */
const claimFanouts = preparedSql<FanoutRow>(
  'claim_tip_alert_fanouts',
  sql`select tip_id, tipster_id, published_at from tip_alert_fanouts
    order by published_at, tip_id
    limit ${sql.placeholder('limit')}::int
    for update skip locked`,
);

export function claimFollowerFanouts(tx: DbOrTx, limit: number): Promise<FanoutRow[]> {
  return claimFanouts(tx, { limit });
}

/**
 * Every follower's notification of one tip in one statement. The email mode is decided now: the
 * user's default ('off' silences every tipster), else the follow's own mode, else instant. The
 * unique (user, tip) key makes a repeat a no-op. Then the fan-out row goes.
 */
const notifyFollowers = preparedSql<{ count: number }>(
  'notify_followers_of_tip',
  sql`with inserted as (
      insert into tip_notifications (user_id, tip_id, tipster_id, email, created_at)
      select f.user_id, ${sql.placeholder('tipId')}::int, f.tipster_id,
        case when s.mode = 'off' or f.alert_mode = 'off' then 'none'
          else coalesce(f.alert_mode, s.mode, 'instant') end,
        ${sql.placeholder('now')}::timestamptz
      from follows f
      left join alert_settings s on s.user_id = f.user_id
      where f.tipster_id = ${sql.placeholder('tipsterId')}::int
      on conflict (user_id, tip_id) do nothing
      returning 1
    ), done as (
      delete from tip_alert_fanouts where tip_id = ${sql.placeholder('tipId')}::int
    )
    select count(*)::int as count from inserted`,
);

export async function insertFollowerNotifications(
  tx: DbOrTx,
  tip: { id: number; tipsterId: number; publishedAt: Date },
): Promise<number> {
  const [row] = await notifyFollowers(tx, {
    tipId: tip.id,
    tipsterId: tip.tipsterId,
    now: tip.publishedAt.toISOString(),
  });
  return row?.count ?? 0;
}
