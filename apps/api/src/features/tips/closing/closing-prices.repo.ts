import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';

async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A fixture that kicked off with tips on it not closed yet. */
export interface DueFixture {
  fixtureId: number;
  kickoffAt: Date;
}

/**
 * Fixtures that kicked off between `since` and `now` (a postponed or cancelled one excepted) with
 * open tips not closed yet, earliest kick-off first. Driven from the tips through the partial index
 * tips_unclosed_idx (event time, fixture), so a run reads only the last 48 hours' unclosed tips.
 */
export async function dueFixtures(db: DbOrTx, now: Date, since: Date, limit: number): Promise<DueFixture[]> {
  const rows = await rowsOf<{ fixture_id: number; kickoff_at: Date | string }>(
    db,
    sql`select f.id as fixture_id, f.kickoff_at
        from (select distinct t.fixture_id from tips t
          where t.closing_status is null and t.fixture_id is not null and t.result is null
            and t.event_time > ${since.toISOString()}::timestamptz
            and t.event_time <= ${now.toISOString()}::timestamptz) due
        join fixtures f on f.id = due.fixture_id
        where f.kickoff_at <= ${now.toISOString()}::timestamptz
          and f.status not in ('postponed', 'cancelled')
        order by f.kickoff_at, f.id
        limit ${limit}`,
  );
  return rows.map((r) => ({ fixtureId: r.fixture_id, kickoffAt: toDate(r.kickoff_at) }));
}

/** A tip waiting for its closing price. */
export interface UnclosedTip {
  id: number;
  bettingType: number;
  selection: string;
  oddsHundredths: number;
}

/** The open tips of a fixture not closed yet. */
export async function unclosedTipsOfFixture(db: DbOrTx, fixtureId: number): Promise<UnclosedTip[]> {
  const rows = await rowsOf<{ id: number; betting_type: number; selection: string; odds_hundredths: number }>(
    db,
    sql`select id, betting_type, selection, odds_hundredths from tips
        where fixture_id = ${fixtureId} and closing_status is null and result is null
        order by id`,
  );
  return rows.map((r) => ({
    id: r.id,
    bettingType: r.betting_type,
    selection: r.selection,
    oddsHundredths: r.odds_hundredths,
  }));
}

/** What a tip's closing records: a price with its overround and CLV, or none. */
export type Closing =
  | { status: 'closed'; oddsHundredths: number; priceAt: Date; overroundPpm: number; clvPpm: number }
  | { status: 'no_price' };

/**
 * Records tips' closings, once each: the UPDATE only touches a tip whose closing is not set, so of
 * concurrent closers one writes it (the others wait on the row lock, then find it set) and the
 * trigger appends one 'closed' record event per tip. A settled tip may be closed too (the
 * settlement hook closes a tip settled before the worker reached it; the demo seed closes its
 * history): the settled-tip guard is lifted for this transaction only; the immutable columns stay
 * guarded. The ids this call closed.
 */
export async function closeTips(
  tx: Tx,
  closings: ReadonlyArray<{ tipId: number; closing: Closing }>,
  closedAt: Date,
): Promise<number[]> {
  if (closings.length === 0) return [];
  const [previous] = await rowsOf<{ value: string }>(
    tx,
    sql`select coalesce(current_setting('app.allow_tip_correction', true), '') as value`,
  );
  await tx.execute(sql`select set_config('app.allow_tip_correction', 'on', true)`);
  const values = closings.map(({ tipId, closing }) => {
    const priced = closing.status === 'closed' ? closing : null;
    return sql`(${tipId}::int, ${closing.status}::text, ${priced?.oddsHundredths ?? null}::int,
      ${priced ? priced.priceAt.toISOString() : null}::timestamptz, ${priced?.overroundPpm ?? null}::int,
      ${priced?.clvPpm ?? null}::int)`;
  });
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update tips set
          closing_status = v.status,
          closing_odds_hundredths = v.odds,
          closing_price_at = v.price_at,
          closing_overround_ppm = v.overround,
          clv_ppm = v.clv,
          closed_at = ${closedAt.toISOString()}::timestamptz
        from (values ${sql.join(values, sql`, `)}) as v(id, status, odds, price_at, overround, clv)
        where tips.id = v.id and tips.closing_status is null
        returning tips.id`,
  );
  await tx.execute(sql`select set_config('app.allow_tip_correction', ${previous?.value ?? ''}, true)`);
  return rows.map((r) => r.id);
}

/** One tip's closing (closeTips for one): true when this call closed it. */
export async function closeTip(tx: Tx, tipId: number, closing: Closing, closedAt: Date): Promise<boolean> {
  return (await closeTips(tx, [{ tipId, closing }], closedAt)).length === 1;
}

export function createClosingPricesRepo(db: DbOrTx) {
  return {
    dueFixtures: (now: Date, since: Date, limit: number) => dueFixtures(db, now, since, limit),
    unclosedTipsOfFixture: (fixtureId: number) => unclosedTipsOfFixture(db, fixtureId),
    closeTip,
  };
}

export type ClosingPricesRepo = ReturnType<typeof createClosingPricesRepo>;
