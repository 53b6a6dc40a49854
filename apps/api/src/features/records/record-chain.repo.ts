import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAnchors, recordHeads, tipsters } from '../../db/schema';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** One exported event with what the selection rule needs to decide whether to reveal the pick. */
export interface RecordEventRow {
  seq: number;
  kind: 'published' | 'settled' | 'voided' | 'corrected' | 'closed';
  tipId: number;
  occurredAt: string;
  fixtureId: number | null;
  bettingType: number | null;
  oddsHundredths: number | null;
  stake: number | null;
  priceCents: number | null;
  commitment: string | null;
  selection: string | null;
  reasoning: string | null;
  /** The tip's reference price (decision 150), null when it has none. */
  reference: { oddsHundredths: number; bookmaker: string; source: string; at: string } | null;
  salt: string | null;
  outcome: string | null;
  resultDetails: string | null;
  /** Closed events only (decision 156), read from the tip row like a published event's fields. */
  closing: {
    oddsHundredths: number | null;
    at: string | null;
    overroundPpm: number | null;
    clvPpm: number | null;
  } | null;
  prevHash: string;
  hash: string;
  /** Of the tip, for the reveal rule. */
  eventTime: Date | null;
  tipPriceCents: number | null;
  tipResult: string | null;
}

export async function findTipsterForRecord(db: DbOrTx, tipsterId: number) {
  const [row] = await db
    .select({ id: tipsters.id, name: tipsters.name, userId: tipsters.userId })
    .from(tipsters)
    .where(eq(tipsters.id, tipsterId));
  return row;
}

/**
 * A tipster's chain in order, each event's fields read from the data the site shows: a published
 * event from its tip row, a tip's current settlement from the tip row too, and only superseded
 * settlements from the event row. So an edit of a tip (odds, result…) changes what the export
 * says without changing the stored hash, and the verifier names that event (decision 077).
 */
export async function readChain(db: DbOrTx, tipsterId: number): Promise<RecordEventRow[]> {
  const result = await db.execute(sql`select e.seq, e.kind, e.tip_id, e.prev_hash, e.hash,
      e.id = l.last_id as is_current,
      record_iso(case when e.kind = 'published' then t.published_at when e.kind = 'closed' then t.closed_at
        when e.id = l.last_id then t.settled_at else e.occurred_at end) as occurred_at,
      case when e.kind in ('published', 'closed') then null when e.id = l.last_id then coalesce(t.outcome, t.result)
        else e.outcome end as outcome,
      case when e.kind in ('published', 'closed') then null when e.id = l.last_id then t.result_details
        else e.result_details end as result_details,
      t.closing_odds_hundredths, record_iso(t.closing_price_at) as closing_price_at,
      t.closing_overround_ppm, t.clv_ppm,
      t.fixture_id, t.betting_type, t.odds_hundredths, t.stake, t.price_cents, t.commitment,
      t.selection, t.reasoning, t.commit_salt, t.event_time, t.result,
      t.reference_odds_hundredths, t.reference_bookmaker, t.reference_source, record_iso(t.reference_at) as reference_at
    from record_events e
    left join tips t on t.id = e.tip_id
    left join lateral (select max(x.id) as last_id from record_events x
      where x.tip_id = e.tip_id and x.kind not in ('published', 'closed')) l on true
    where e.tipster_id = ${tipsterId}
    order by e.seq`);
  return rowsOf(result).map((r) => {
    const published = r.kind === 'published';
    const orNull = <T>(v: unknown) => (published && v !== undefined ? (v as T) : null);
    return {
      seq: Number(r.seq),
      kind: r.kind as RecordEventRow['kind'],
      tipId: Number(r.tip_id),
      occurredAt: r.occurred_at as string,
      fixtureId: orNull<number>(r.fixture_id),
      bettingType: orNull<number>(r.betting_type),
      oddsHundredths: orNull<number>(r.odds_hundredths),
      stake: orNull<number>(r.stake),
      priceCents: orNull<number>(r.price_cents),
      commitment: orNull<string>(r.commitment),
      selection: orNull<string>(r.selection),
      reasoning: orNull<string>(r.reasoning),
      reference:
        published && r.reference_odds_hundredths != null
          ? {
              oddsHundredths: Number(r.reference_odds_hundredths),
              bookmaker: r.reference_bookmaker as string,
              source: r.reference_source as string,
              at: r.reference_at as string,
            }
          : null,
      salt: orNull<string>(r.commit_salt),
      outcome: (r.outcome as string | null) ?? null,
      resultDetails: (r.result_details as string | null) ?? null,
      closing:
        r.kind === 'closed'
          ? {
              oddsHundredths: (r.closing_odds_hundredths as number | null) ?? null,
              at: (r.closing_price_at as string | null) ?? null,
              overroundPpm: (r.closing_overround_ppm as number | null) ?? null,
              clvPpm: (r.clv_ppm as number | null) ?? null,
            }
          : null,
      prevHash: r.prev_hash as string,
      hash: r.hash as string,
      eventTime: r.event_time ? new Date(r.event_time as string) : null,
      tipPriceCents: (r.price_cents as number | null) ?? null,
      tipResult: (r.result as string | null) ?? null,
    };
  });
}

export async function findHead(db: DbOrTx, tipsterId: number) {
  const [row] = await db
    .select({ seq: recordHeads.seq, hash: recordHeads.hash })
    .from(recordHeads)
    .where(eq(recordHeads.tipsterId, tipsterId));
  return row;
}

/** Every chain's head, in tipster order: the leaves of the daily anchor. */
export async function listHeads(db: DbOrTx) {
  return db
    .select({ tipsterId: recordHeads.tipsterId, seq: recordHeads.seq, hash: recordHeads.hash })
    .from(recordHeads)
    .orderBy(recordHeads.tipsterId);
}

export type AnchorRow = typeof recordAnchors.$inferSelect;

/** Stores a day's root once; a second process computing the same day finds it taken. */
export async function insertAnchor(
  db: DbOrTx,
  anchor: { day: string; root: string; chains: number; events: number; createdAt: Date },
): Promise<AnchorRow | undefined> {
  const [row] = await db.insert(recordAnchors).values(anchor).onConflictDoNothing().returning();
  return row;
}

export async function findAnchor(db: DbOrTx, day: string): Promise<AnchorRow | undefined> {
  const [row] = await db.select().from(recordAnchors).where(eq(recordAnchors.day, day));
  return row;
}

export async function listAnchors(db: DbOrTx, page: { limit: number; offset: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(recordAnchors).orderBy(desc(recordAnchors.day)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(recordAnchors),
  ]);
  return { rows, total };
}

/**
 * For bulk writers (the demo seed): inside `tx`, tips are written without events, then
 * record_backfill() appends every missing event in time order before the commit.
 */
export async function withRecordBackfill<T>(
  tx: Tx,
  work: () => Promise<T>,
): Promise<{ value: T; appended: number; backfillMs: number }> {
  await tx.execute(sql`select set_config('app.record_backfill', 'on', true)`);
  const value = await work();
  await tx.execute(sql`select set_config('app.record_backfill', 'off', true)`);
  const started = Date.now();
  const [row] = rowsOf(await tx.execute(sql`select record_backfill() as appended`));
  return { value, appended: Number(row.appended), backfillMs: Date.now() - started };
}
