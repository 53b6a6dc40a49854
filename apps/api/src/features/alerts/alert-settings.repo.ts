import type { AlertMode } from '@tips/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alertSettings, follows, tipsters, users } from '../../db/schema';

export async function findDefaultMode(db: DbOrTx, userId: number): Promise<AlertMode> {
  const [row] = await db
    .select({ mode: alertSettings.mode })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  return row?.mode ?? 'instant';
}

export async function upsertDefaultMode(
  db: DbOrTx,
  userId: number,
  mode: AlertMode,
  now: Date,
): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ userId, mode, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { mode, updatedAt: now } });
}

/** The user's followed tipsters with each follow's own mode (null = the default), by name. */
export async function listFollowModes(db: DbOrTx, userId: number) {
  return db
    .select({ tipsterId: follows.tipsterId, tipsterName: tipsters.name, mode: follows.alertMode })
    .from(follows)
    .innerJoin(tipsters, eq(tipsters.id, follows.tipsterId))
    .where(eq(follows.userId, userId))
    .orderBy(asc(sql`lower(${tipsters.name})`), asc(follows.tipsterId))
    .limit(1000);
}

/** Sets one follow's mode; returns the tipster's name, or undefined when the user does not follow them. */
export async function updateFollowMode(
  db: DbOrTx,
  userId: number,
  tipsterId: number,
  mode: AlertMode | null,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(follows)
    .set({ alertMode: mode, alertModeChangedAt: now })
    .where(and(eq(follows.userId, userId), eq(follows.tipsterId, tipsterId)))
    .returning({ tipsterId: follows.tipsterId });
  if (!row) return undefined;
  const [tipster] = await db.select({ name: tipsters.name }).from(tipsters).where(eq(tipsters.id, tipsterId));
  return tipster?.name;
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}

/**
 * What an unsubscribe link is judged against (decision 113): the modes it would change and when
 * each last changed. `follow` is undefined when the user does not follow the tipster (any more);
 * its `changedAt` counts a re-follow as a change.
 */
export async function readUnsubscribeState(db: DbOrTx, userId: number, tipsterId: number | null) {
  const [defaults] = await db
    .select({ mode: alertSettings.mode, changedAt: alertSettings.updatedAt })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  const [follow] =
    tipsterId === null
      ? []
      : await db
          .select({
            mode: follows.alertMode,
            changedAt: sql<Date>`greatest(${follows.createdAt}, ${follows.alertModeChangedAt})`.mapWith(
              (value: string | Date) => new Date(value),
            ),
          })
          .from(follows)
          .where(and(eq(follows.userId, userId), eq(follows.tipsterId, tipsterId)));
  return {
    defaultMode: defaults?.mode ?? ('instant' as AlertMode),
    defaultChangedAt: defaults?.changedAt ?? null,
    follow,
  };
}
