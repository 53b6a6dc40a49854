import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';

/**
 * Every follower's notification of one new tip in one statement, whatever the number of
 * followers: it runs inside the publishing transaction, so a tipster with 100,000 followers
 * publishes as fast as one with none (the emails are rendered later by the alert mailer).
 * The email mode is decided now: the user's default ('off' silences every tipster), else the
 * follow's own mode, else instant. The unique (user, tip) key makes a repeat a no-op.
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
