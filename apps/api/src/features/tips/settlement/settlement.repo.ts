import { and, asc, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { tips, tipsters } from '../../../db/schema';
import type { TipWithTipster } from '../tip-view';
import { tipWithTipsterColumns } from '../tip-view.repo';

export type TipRow = typeof tips.$inferSelect;

async function findTip(tipId: number, db: DbOrTx): Promise<TipRow | undefined> {
  const [row] = await db.select().from(tips).where(eq(tips.id, tipId)).limit(1);
  return row;
}

const isUnsettledAt = (now: Date) => and(isNull(tips.result), lte(tips.eventTime, now));

/** Open tips whose match has kicked off, oldest kick-off first (the partial open-tips index). */
async function listUnsettledTips(
  now: Date,
  page: { limit: number; offset: number },
  db: DbOrTx,
): Promise<{ rows: TipWithTipster[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(tipWithTipsterColumns)
      .from(tips)
      .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
      .where(isUnsettledAt(now))
      .orderBy(asc(tips.eventTime), asc(tips.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(tips).where(isUnsettledAt(now)),
  ]);
  return { rows, total };
}

/** Team names compare case- and space-insensitively: tipsters type them by hand. */
const teamKey = (column: typeof tips.homeTeam | typeof tips.awayTeam) => sql`lower(btrim(${column}))`;
const normalizeTeam = (name: string) => name.trim().toLowerCase();

export interface UnsettledMatchRow {
  league: string;
  homeTeam: string;
  awayTeam: string;
  eventTime: Date;
  openTips: number;
}

/** Kicked-off matches with open tips, grouped as the bulk settlement matches them. */
async function listUnsettledMatches(now: Date, limit: number, db: DbOrTx): Promise<UnsettledMatchRow[]> {
  return db
    .select({
      league: sql<string>`min(${tips.league})`,
      homeTeam: sql<string>`min(btrim(${tips.homeTeam}))`,
      awayTeam: sql<string>`min(btrim(${tips.awayTeam}))`,
      eventTime: tips.eventTime,
      openTips: sql<number>`count(*)::int`,
    })
    .from(tips)
    .where(isUnsettledAt(now))
    .groupBy(teamKey(tips.homeTeam), teamKey(tips.awayTeam), tips.eventTime)
    .orderBy(asc(tips.eventTime))
    .limit(limit);
}

export interface MatchKey {
  homeTeam: string;
  awayTeam: string;
  eventTime: Date;
}

/**
 * The open tips of one match, locked for this transaction. A tip another admin settles meanwhile
 * drops out (PostgreSQL re-checks `result is null` after waiting for the lock).
 */
async function lockOpenTipsOfMatch(match: MatchKey, tx: Tx): Promise<TipRow[]> {
  return (
    tx
      .select()
      .from(tips)
      .where(
        and(
          isNull(tips.result),
          eq(tips.eventTime, match.eventTime),
          sql`${teamKey(tips.homeTeam)} = ${normalizeTeam(match.homeTeam)}`,
          sql`${teamKey(tips.awayTeam)} = ${normalizeTeam(match.awayTeam)}`,
        ),
      )
      // By tipster: concurrent bulk settlements update the tipsters' aggregates in one order (no deadlock).
      .orderBy(asc(tips.tipsterId), asc(tips.id))
      .for('update')
  );
}

/** What admins' settlement reads, bound to the database; the transaction, when there is one, last. */
export function createSettlementReads(db: DbOrTx) {
  return {
    findTip: (tipId: number, tx: DbOrTx = db) => findTip(tipId, tx),
    listUnsettledTips: (now: Date, page: { limit: number; offset: number }) =>
      listUnsettledTips(now, page, db),
    listUnsettledMatches: (now: Date, limit: number) => listUnsettledMatches(now, limit, db),
    lockOpenTipsOfMatch,
  };
}

export type SettlementReads = ReturnType<typeof createSettlementReads>;
