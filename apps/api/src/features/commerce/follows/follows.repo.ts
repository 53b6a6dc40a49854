import type { Tipster } from '@tips/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { follows, tipsterStats, tipsters } from '../../../db/schema';
import { ALL_TIME_START } from '../../tips/stat-periods';
import { profileImageUrl } from '../../tips/tip-view';
import { fitsIntColumn } from '../db-ids';

export async function findTipster(db: DbOrTx, tipsterId: number) {
  if (!fitsIntColumn(tipsterId)) return undefined;
  const [row] = await db
    .select({ id: tipsters.id, name: tipsters.name, userId: tipsters.userId })
    .from(tipsters)
    .where(eq(tipsters.id, tipsterId));
  return row;
}

/** Idempotent: following twice is one follow. */
export async function insertFollow(db: DbOrTx, userId: number, tipsterId: number, now: Date): Promise<void> {
  await db.insert(follows).values({ userId, tipsterId, createdAt: now }).onConflictDoNothing();
}

/** Idempotent: unfollowing a tipster one does not follow changes nothing. */
export async function deleteFollow(db: DbOrTx, userId: number, tipsterId: number): Promise<void> {
  await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.tipsterId, tipsterId)));
}

/** The tipsters a user follows, most recently followed first, with their all-time record. */
export async function listFollowedTipsters(db: DbOrTx, userId: number, limit = 500): Promise<Tipster[]> {
  const rows = await db
    .select({
      tipster: tipsters,
      wins: tipsterStats.wins,
      losses: tipsterStats.losses,
    })
    .from(follows)
    .innerJoin(tipsters, eq(tipsters.id, follows.tipsterId))
    .leftJoin(
      tipsterStats,
      and(
        eq(tipsterStats.tipsterId, tipsters.id),
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME_START),
      ),
    )
    .where(eq(follows.userId, userId))
    .orderBy(desc(follows.createdAt), desc(follows.tipsterId))
    .limit(limit);
  return rows.map(({ tipster, wins, losses }) => ({
    id: tipster.id,
    name: tipster.name,
    category: tipster.category,
    location: tipster.location,
    bio: tipster.bio,
    profileImageUrl: profileImageUrl(tipster.profileImage),
    results: tipster.lastResults,
    totalWins: wins ?? 0,
    totalLosses: losses ?? 0,
    isFollowed: true,
  }));
}
