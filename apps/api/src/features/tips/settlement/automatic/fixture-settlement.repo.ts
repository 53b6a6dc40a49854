import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { fixtures, tips } from '../../../../db/schema';
import { type FixtureState, NOT_PLAYED_WITHIN_MS, type OpenTip } from '../grading/fixture-outcome';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

async function findFixtureState(fixtureId: number, db: DbOrTx): Promise<FixtureState | undefined> {
  const [row] = await db
    .select({
      status: fixtures.status,
      kickoffAt: fixtures.kickoffAt,
      htHome: fixtures.htHome,
      htAway: fixtures.htAway,
      ftHome: fixtures.ftHome,
      ftAway: fixtures.ftAway,
    })
    .from(fixtures)
    .where(eq(fixtures.id, fixtureId));
  return row;
}

/** The fixture's open tips (tips_open_by_fixture_idx), oldest first. */
async function openTipsOfFixture(fixtureId: number, db: DbOrTx): Promise<OpenTip[]> {
  return db
    .select({
      id: tips.id,
      bettingType: tips.bettingType,
      selection: tips.selection,
      eventTime: tips.eventTime,
    })
    .from(tips)
    .where(and(eq(tips.fixtureId, fixtureId), isNull(tips.result)))
    .orderBy(tips.id);
}

/**
 * Locks one open tip for its settlement, or returns false when another process holds it or has
 * settled it (SKIP LOCKED: a sweep never waits for another sweep's transaction).
 */
async function lockOpenTip(tipId: number, tx: DbOrTx): Promise<boolean> {
  const result = await tx.execute(
    sql`select id from tips where id = ${tipId} and result is null for update skip locked`,
  );
  return rowsOf(result).length === 1;
}

/**
 * Fixtures that may settle some of their open tips now: a final status, or a match not played
 * within 48 hours of a tip's kick-off (postponed, or moved further). Driven by the open tips with
 * a fixture (a partial index), not by the fixtures table, which holds the whole history. Pages
 * by fixture id (`afterId`), so fixtures whose tips stay open for an admin never starve the rest.
 */
async function dueFixtureIds(db: DbOrTx, now: Date, limit: number, afterId: number): Promise<number[]> {
  const deadline = new Date(now.getTime() - NOT_PLAYED_WITHIN_MS).toISOString();
  const result = await db.execute(sql`select t.fixture_id as id
    from tips t join fixtures f on f.id = t.fixture_id
    where t.result is null and t.fixture_id > ${afterId}
      and (f.status in ('finished', 'awarded', 'cancelled', 'abandoned')
        or (t.event_time <= ${deadline}::timestamptz
          and (f.status = 'postponed' or f.kickoff_at > t.event_time + interval '48 hours')))
    group by t.fixture_id order by t.fixture_id limit ${limit}`);
  return rowsOf(result).map((r) => Number(r.id));
}

/**
 * Open tips follow their fixture's kick-off when the feed moves it (sales close at the real
 * kick-off; the immutability trigger allows exactly this change). A move to more than 48 hours
 * after the tip's kick-off is not followed: the tip voids instead (fixture-outcome.ts), and a
 * kick-off before the tip's publication would break the rule that tips precede their match.
 * Returns the ids of the tips moved. Without ids: every fixture.
 */
async function followFixtureKickoff(
  fixtureIds: readonly number[] | undefined,
  db: DbOrTx,
): Promise<number[]> {
  const only = fixtureIds
    ? sql`and f.id in (select unnest(${`{${fixtureIds.map(Number).join(',')}}`}::int[]))`
    : sql``;
  const result = await db.execute(sql`update tips t set event_time = f.kickoff_at
    from fixtures f
    where t.fixture_id = f.id and t.result is null and t.event_time <> f.kickoff_at
      and f.kickoff_at > t.published_at and f.kickoff_at <= t.event_time + interval '48 hours'
      ${only}
    returning t.id`);
  return rowsOf(result).map((r) => Number(r.id));
}

/** The automatic settler's reads and its kick-off follower, bound to the database. */
export function createFixtureSettlementRepo(db: DbOrTx) {
  return {
    findFixtureState: (fixtureId: number, tx: DbOrTx = db) => findFixtureState(fixtureId, tx),
    openTipsOfFixture: (fixtureId: number, tx: DbOrTx = db) => openTipsOfFixture(fixtureId, tx),
    lockOpenTip,
    dueFixtureIds: (now: Date, limit: number, afterId = 0) => dueFixtureIds(db, now, limit, afterId),
    followFixtureKickoff: (fixtureIds?: readonly number[], tx: DbOrTx = db) =>
      followFixtureKickoff(fixtureIds, tx),
  };
}

export type FixtureSettlementRepo = ReturnType<typeof createFixtureSettlementRepo>;
