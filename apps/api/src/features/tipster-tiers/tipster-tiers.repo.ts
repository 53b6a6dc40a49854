import { PERSON_TIERS, type PersonTier } from '@tips/contract/rules';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tipsterRecords, tipsterStats, tipsters, users } from '../../db/schema';

export type TipsterRow = typeof tipsters.$inferSelect;

/** The period key of the all-time aggregate (tips/stat-periods.ts ALL_TIME_START). */
const ALL_TIME = '1970-01-01';

/** What the daily review reads of one tipster: tier, window, record figures and whom to tell. */
export interface TierReviewRow {
  id: number;
  name: string;
  category: PersonTier;
  tierBelowSince: Date | null;
  tierHeldUntil: Date | null;
  stakedUnits: number | null;
  profitMilli: number | null;
  totalTips: number | null;
  settledTips: number | null;
  luckProbability: number | null;
  /** YYYY-MM-DD of the first settled tip's kick-off (the record's first day). */
  firstDay: string | null;
  /** The record row is behind its settlements (decision 107): judged at the next run. */
  isStale: boolean;
  user: { email: string; firstName: string; language: string } | null;
}

/**
 * Person tipsters not reviewed yet on `today` (UTC), oldest first. One statement over tipsters
 * with their all-time aggregate and record row (both one row per tipster).
 */
export async function listDueForReview(db: DbOrTx, today: string, limit: number): Promise<TierReviewRow[]> {
  const rows = await db
    .select({
      id: tipsters.id,
      name: tipsters.name,
      category: tipsters.category,
      tierBelowSince: tipsters.tierBelowSince,
      tierHeldUntil: tipsters.tierHeldUntil,
      stakedUnits: tipsterStats.stakedUnits,
      profitMilli: tipsterStats.profitMilli,
      totalTips: tipsterStats.totalTips,
      settledTips: tipsterRecords.settledTips,
      luckProbability: tipsterRecords.luckProbability,
      firstDay: sql<string | null>`${tipsterRecords.series} -> 0 ->> 'date'`,
      changes: tipsterRecords.changes,
      refreshedChanges: tipsterRecords.refreshedChanges,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLanguage: users.language,
    })
    .from(tipsters)
    .leftJoin(
      tipsterStats,
      and(
        eq(tipsterStats.tipsterId, tipsters.id),
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME),
      ),
    )
    .leftJoin(tipsterRecords, eq(tipsterRecords.tipsterId, tipsters.id))
    .leftJoin(users, eq(users.id, tipsters.userId))
    .where(
      and(
        inArray(tipsters.category, [...PERSON_TIERS]),
        or(isNull(tipsters.tierReviewedOn), lt(tipsters.tierReviewedOn, today)),
      ),
    )
    .orderBy(asc(tipsters.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category as PersonTier,
    tierBelowSince: r.tierBelowSince,
    tierHeldUntil: r.tierHeldUntil,
    stakedUnits: r.stakedUnits,
    profitMilli: r.profitMilli,
    totalTips: r.totalTips,
    settledTips: r.settledTips,
    luckProbability: r.luckProbability,
    firstDay: r.firstDay,
    isStale:
      (r.totalTips ?? 0) !== (r.settledTips ?? 0) || (r.changes !== null && r.changes !== r.refreshedChanges),
    user: r.userEmail
      ? { email: r.userEmail, firstName: r.userFirstName ?? '', language: r.userLanguage ?? 'en' }
      : null,
  }));
}

/**
 * Claims today's review of one tipster in the caller's transaction: true for exactly one caller a
 * day, however many processes run the review (a conditional update; the row lock serialises them).
 */
export async function claimReview(tx: Tx, tipsterId: number, today: string): Promise<boolean> {
  const rows = await tx
    .update(tipsters)
    .set({ tierReviewedOn: today })
    .where(
      and(
        eq(tipsters.id, tipsterId),
        or(isNull(tipsters.tierReviewedOn), lt(tipsters.tierReviewedOn, today)),
      ),
    )
    .returning({ id: tipsters.id });
  return rows.length === 1;
}

/**
 * Moves a tipster from one tier to another when they are still in `from` (a conditional update, so
 * two writers never both move them), closing any window. The statistics rows carry the category
 * (rankings filter on it), so they move too. Returns whether it changed.
 */
export async function moveTier(
  tx: Tx,
  tipsterId: number,
  from: string,
  to: PersonTier,
  heldUntil: Date | null,
): Promise<boolean> {
  const rows = await tx
    .update(tipsters)
    .set({ category: to, tierBelowSince: null, tierHeldUntil: heldUntil })
    .where(and(eq(tipsters.id, tipsterId), eq(tipsters.category, from as PersonTier)))
    .returning({ id: tipsters.id });
  if (rows.length === 0) return false;
  await tx.update(tipsterStats).set({ category: to }).where(eq(tipsterStats.tipsterId, tipsterId));
  return true;
}

/** Opens (a date) or closes (null) the window below the keep bar. */
export async function setBelowSince(tx: Tx, tipsterId: number, since: Date | null): Promise<void> {
  await tx.update(tipsters).set({ tierBelowSince: since }).where(eq(tipsters.id, tipsterId));
}

export interface TipsterWithContact {
  tipster: TipsterRow;
  user: { email: string; firstName: string; language: string } | null;
}

/** The tipster row, locked for the caller's transaction, with the linked account's contact. */
export async function lockTipsterWithContact(tx: Tx, tipsterId: number): Promise<TipsterWithContact | null> {
  const [tipster] = await tx.select().from(tipsters).where(eq(tipsters.id, tipsterId)).for('update');
  if (!tipster) return null;
  if (tipster.userId === null) return { tipster, user: null };
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, tipster.userId));
  return { tipster, user: user ?? null };
}
