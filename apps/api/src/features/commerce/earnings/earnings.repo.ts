import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { earningsEntries, tips } from '../../../db/schema';
import { availableCutoff, type PaidWith, type SoldLine, saleEntries } from './earnings-rules';

export type { SoldLine } from './earnings-rules';

/**
 * The earnings ledger's writes and reads (decision 170). Writes run in the caller's transaction:
 * a sale in the purchase's, a take-back in the settlement's or the webhook's, a payout in the
 * payout request's. Every write is keyed, so a replay posts nothing.
 */

export type TakeBackKind = 'void' | 'refund' | 'reversal' | 'dispute';

export interface EarningsBalance {
  pendingCents: number;
  availableCents: number;
  paidOutCents: number;
}

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The entries that count as available at `cutoff`: no tip (payouts), or a tip settled by then. */
const isAvailable = (cutoff: Date) =>
  sql`(e.tip_id is null or (t.settled_at is not null and t.settled_at <= ${cutoff.toISOString()}::timestamptz))`;

/** A sale entry's key: one per order line, so a replayed grant posts nothing. */
export const saleKey = (orderId: string, tipId: number) => `sale:${orderId}:${tipId}`;

/** A sale as the grant that posts it describes it: the order's lines and how they were paid. */
export interface Sale {
  orderId: string;
  paidWith: PaidWith;
  lines: readonly SoldLine[];
  sharePercent: number;
  now: Date;
}

/**
 * The sale entries of a grant as a CTE of the grant's own statement (fulfilment.repo): one entry per
 * line the CTE `granted` returned (a line the buyer owned already earns nothing), so a purchase
 * writes its entitlements and its earnings in one round trip. Its values: `saleEntryParams`.
 */
export const saleEntriesOfGranted = sql`sales as (
    insert into earnings_entries (tipster_id, kind, tipster_cents, platform_cents, refund_cents,
      order_id, tip_id, paid_with, idempotency_key, created_at)
    select s.tipster_id, 'sale', s.tipster_cents, s.platform_cents, 0, ${sql.placeholder('orderId')}::uuid,
      s.tip_id, ${sql.placeholder('paidWith')}::text, s.idempotency_key, ${sql.placeholder('now')}::timestamptz
    from unnest(${sql.placeholder('saleTipIds')}::int[], ${sql.placeholder('saleTipsterIds')}::int[],
      ${sql.placeholder('saleTipsterCents')}::bigint[], ${sql.placeholder('salePlatformCents')}::bigint[],
      ${sql.placeholder('saleKeys')}::text[]) as s(tip_id, tipster_id, tipster_cents, platform_cents, idempotency_key)
    where s.tip_id in (select tip_id from granted)
    on conflict (idempotency_key) do nothing
  )`;

/** The values of `saleEntriesOfGranted` for one sale (every line; the statement keeps the granted). */
export function saleEntryParams(sale: Omit<Sale, 'now'>) {
  const entries = saleEntries(sale.lines, sale);
  return {
    paidWith: sale.paidWith,
    saleTipIds: entries.map((entry) => entry.tipId),
    saleTipsterIds: entries.map((entry) => entry.tipsterId),
    saleTipsterCents: entries.map((entry) => entry.tipsterCents),
    salePlatformCents: entries.map((entry) => entry.platformCents),
    saleKeys: entries.map((entry) => saleKey(sale.orderId, entry.tipId)),
  };
}

export function createEarningsRepo(db: DbOrTx) {
  /**
   * One sale entry per sold line (share and commission) on its own; a purchase posts them with its
   * entitlements instead (`saleEntriesOfGranted`).
   */
  async function recordSales(sale: Sale, tx: DbOrTx = db): Promise<void> {
    const values = saleEntries(sale.lines, sale).map((entry) => ({
      ...entry,
      kind: 'sale' as const,
      refundCents: 0,
      orderId: sale.orderId,
      paidWith: sale.paidWith,
      idempotencyKey: saleKey(sale.orderId, entry.tipId),
      createdAt: sale.now,
    }));
    if (values.length === 0) return;
    await tx.insert(earningsEntries).values(values).onConflictDoNothing();
  }

  /**
   * Takes back the share and the commission of sold lines and owes their value to the buyer: one
   * entry per line, keyed by line (`back:<order>:<tip>`), so a tip voided and then reversed at
   * PayPal is taken back once. Returns how many lines were taken back now.
   */
  async function takeBack(
    back: { kind: TakeBackKind; tipId?: number; orderId?: string; tipIds?: readonly number[]; now: Date },
    tx: DbOrTx = db,
  ): Promise<number> {
    const filter =
      back.tipId !== undefined
        ? sql`s.tip_id = ${back.tipId}`
        : sql`s.order_id = ${back.orderId ?? null}::uuid and s.tip_id = any(${`{${(back.tipIds ?? []).join(',')}}`}::int[])`;
    const taken = await rows<{ id: number }>(
      tx,
      sql`insert into earnings_entries (tipster_id, kind, tipster_cents, platform_cents, refund_cents,
            order_id, tip_id, paid_with, idempotency_key, created_at)
          select s.tipster_id, ${back.kind}, -s.tipster_cents, -s.platform_cents, s.tipster_cents + s.platform_cents,
            s.order_id, s.tip_id, s.paid_with, 'back:' || s.order_id || ':' || s.tip_id, ${back.now.toISOString()}::timestamptz
          from earnings_entries s
          where s.kind = 'sale' and ${filter}
          on conflict (idempotency_key) do nothing
          returning id`,
    );
    return taken.length;
  }

  /** Pending, available and paid out, in cents, for one tipster at `now`. */
  async function balanceOf(
    tipsterId: number,
    at: { now: Date; holdDays: number },
    tx: DbOrTx = db,
  ): Promise<EarningsBalance> {
    const cutoff = availableCutoff(at.now, at.holdDays);
    const [row] = await rows<Record<string, string | number | null>>(
      tx,
      sql`select
            coalesce(sum(e.tipster_cents) filter (where not ${isAvailable(cutoff)}), 0)::bigint::text as pending,
            coalesce(sum(e.tipster_cents) filter (where ${isAvailable(cutoff)}), 0)::bigint::text as available,
            coalesce(-sum(e.tipster_cents) filter (where e.kind in ('payout', 'payout_restored')), 0)::bigint::text as paid_out
          from earnings_entries e left join tips t on t.id = e.tip_id
          where e.tipster_id = ${tipsterId}`,
    );
    return {
      pendingCents: Number(row?.pending ?? 0),
      availableCents: Number(row?.available ?? 0),
      paidOutCents: Number(row?.paid_out ?? 0),
    };
  }

  /** One tipster's entries, newest first, with the tip's match for the statement. */
  async function listEntries(
    tipsterId: number,
    page: { limit: number; offset: number; from?: Date; to?: Date },
    tx: DbOrTx = db,
  ) {
    const where = and(
      eq(earningsEntries.tipsterId, tipsterId),
      page.from ? sql`${earningsEntries.createdAt} >= ${page.from.toISOString()}::timestamptz` : undefined,
      page.to ? sql`${earningsEntries.createdAt} < ${page.to.toISOString()}::timestamptz` : undefined,
    );
    const [items, [total]] = await Promise.all([
      tx
        .select({
          id: earningsEntries.id,
          kind: earningsEntries.kind,
          tipsterCents: earningsEntries.tipsterCents,
          platformCents: earningsEntries.platformCents,
          refundCents: earningsEntries.refundCents,
          paidWith: earningsEntries.paidWith,
          orderId: earningsEntries.orderId,
          tipId: earningsEntries.tipId,
          payoutId: earningsEntries.payoutId,
          createdAt: earningsEntries.createdAt,
          homeTeam: tips.homeTeam,
          awayTeam: tips.awayTeam,
          eventTime: tips.eventTime,
          settledAt: tips.settledAt,
        })
        .from(earningsEntries)
        .leftJoin(tips, eq(tips.id, earningsEntries.tipId))
        .where(where)
        .orderBy(desc(earningsEntries.id))
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ total: count() }).from(earningsEntries).where(where),
    ]);
    return { items, total: total?.total ?? 0 };
  }

  /** The tipster's net share and its sales and take-backs, per calendar month (UTC), newest first. */
  async function byMonth(tipsterId: number, tx: DbOrTx = db) {
    return rows<{ month: string; net: string; sales: number; taken_back: number; sold: string }>(
      tx,
      sql`select to_char(date_trunc('month', e.created_at at time zone 'UTC'), 'YYYY-MM') as month,
            coalesce(sum(e.tipster_cents) filter (where e.tip_id is not null), 0)::bigint::text as net,
            coalesce(sum(e.tipster_cents) filter (where e.kind = 'sale'), 0)::bigint::text as sold,
            (count(*) filter (where e.kind = 'sale'))::int as sales,
            (count(*) filter (where e.kind in ('void', 'refund', 'reversal', 'dispute')))::int as taken_back
          from earnings_entries e
          where e.tipster_id = ${tipsterId} and e.tip_id is not null
          group by 1 order by 1 desc limit 24`,
    );
  }

  /** The tipster's net share per tip, with sales and take-backs, newest tip first. */
  async function byTip(tipsterId: number, page: { limit: number; offset: number }, tx: DbOrTx = db) {
    return rows<{
      tip_id: number;
      home_team: string;
      away_team: string;
      event_time: string | Date;
      settled_at: string | Date | null;
      net: string;
      sales: number;
      taken_back: number;
    }>(
      tx,
      sql`select e.tip_id, t.home_team, t.away_team, t.event_time, t.settled_at,
            sum(e.tipster_cents)::bigint::text as net,
            (count(*) filter (where e.kind = 'sale'))::int as sales,
            (count(*) filter (where e.kind in ('void', 'refund', 'reversal', 'dispute')))::int as taken_back
          from earnings_entries e join tips t on t.id = e.tip_id
          where e.tipster_id = ${tipsterId}
          group by e.tip_id, t.home_team, t.away_team, t.event_time, t.settled_at
          order by t.event_time desc, e.tip_id desc
          limit ${page.limit} offset ${page.offset}`,
    );
  }

  /** What buyers paid, what went to tipsters, commission and refunds, per month (admins). */
  async function platformRevenueByMonth(tx: DbOrTx = db) {
    return rows<{ month: string; paid: string; tipsters: string; commission: string; refunds: string }>(
      tx,
      sql`select to_char(date_trunc('month', e.created_at at time zone 'UTC'), 'YYYY-MM') as month,
            coalesce(sum(e.tipster_cents + e.platform_cents) filter (where e.kind = 'sale'), 0)::bigint::text as paid,
            coalesce(sum(e.tipster_cents) filter (where e.tip_id is not null), 0)::bigint::text as tipsters,
            coalesce(sum(e.platform_cents), 0)::bigint::text as commission,
            coalesce(sum(e.refund_cents), 0)::bigint::text as refunds
          from earnings_entries e
          group by 1 order by 1 desc limit 36`,
    );
  }

  return { recordSales, takeBack, balanceOf, listEntries, byMonth, byTip, platformRevenueByMonth };
}

export type EarningsRepo = ReturnType<typeof createEarningsRepo>;
