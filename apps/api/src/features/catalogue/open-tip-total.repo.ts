import { and, count, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { OPEN_TIP_HOURS_MAX_PRICE_CENTS, openTipHours, tips } from '../../db/schema';

/**
 * How many open tips match the list's filter (decision 187). When the filter is one the hourly
 * counts can answer — any category and kick-off window, the default price ceiling, no bet type,
 * price floor, competition or odds range — whole hours are added up from open_tip_hours and only
 * the window's partial hours at either edge are counted from tips_open_count_idx; otherwise every
 * matching tip is counted from the index, as before.
 */

/** What the tip list is filtered by (GET /tips); tips-catalogue.repo.ts re-exports it. */
export interface OpenTipFilter {
  now: Date;
  tipsType: 'SENIOR' | 'PREMIUM' | null;
  bettingTypes: readonly number[];
  minPriceCents: number;
  maxPriceCents: number;
  /** The kick-off window asked for (issue #30.1: the viewer's today, tomorrow or later). */
  kickOffFrom?: Date | null;
  kickOffTo?: Date | null;
  /** Competitions by the name the tips copied from their fixture (issue #30.1); empty: all. */
  leagues?: readonly string[];
  /** Decimal odds range in hundredths, both ends inclusive. */
  minOddsHundredths?: number | null;
  maxOddsHundredths?: number | null;
}

const HOUR_MS = 3_600_000;
/** "No upper bound" as a timestamp both databases accept as a parameter. */
const FAR_FUTURE = new Date('9999-01-01T00:00:00Z');

export function countableByHours(filter: OpenTipFilter): boolean {
  return (
    filter.bettingTypes.length === 0 &&
    filter.minPriceCents === 0 &&
    filter.maxPriceCents === OPEN_TIP_HOURS_MAX_PRICE_CENTS &&
    !filter.leagues?.length &&
    !filter.minOddsHundredths &&
    !filter.maxOddsHundredths
  );
}

/**
 * The whole hours inside the window, [wholeFrom, wholeTo): from the first hour that starts after
 * both now and the window's start, up to the hour the window's end falls in. Tips before wholeFrom
 * or from wholeTo on are counted one by one (at most an hour's worth at each edge).
 */
export function wholeHoursOf(filter: OpenTipFilter): { wholeFrom: Date; wholeTo: Date } {
  const start = Math.max(filter.now.getTime(), filter.kickOffFrom?.getTime() ?? 0);
  const wholeFrom = Math.floor(start / HOUR_MS) * HOUR_MS + HOUR_MS;
  const end = filter.kickOffTo
    ? Math.floor(filter.kickOffTo.getTime() / HOUR_MS) * HOUR_MS
    : FAR_FUTURE.getTime();
  return { wholeFrom: new Date(wholeFrom), wholeTo: new Date(Math.max(wholeFrom, end)) };
}

/**
 * The total as a one-row CTE (`open_total`, column `open_total_n`). `conditions` are the list's
 * own (openTipConditions); the hours' bounds are the placeholders `wholeFrom` and `wholeTo`.
 */
export function openTipTotal(db: DbOrTx, filter: OpenTipFilter, conditions: SQL | undefined) {
  if (!countableByHours(filter)) {
    return db.$with('open_total').as(
      db
        .select({ n: count().as('open_total_n') })
        .from(tips)
        .where(conditions),
    );
  }
  const wholeFrom = sql.placeholder('wholeFrom');
  const wholeTo = sql.placeholder('wholeTo');
  const hours = db
    .select({ n: sum(openTipHours.tips) })
    .from(openTipHours)
    .where(
      and(
        gte(openTipHours.hour, wholeFrom),
        lt(openTipHours.hour, wholeTo),
        filter.tipsType ? sql`${openTipHours.tipsType} = ${sql.placeholder('tipsType')}` : undefined,
      ),
    );
  const before = db
    .select({ n: count() })
    .from(tips)
    .where(and(conditions, lt(tips.eventTime, wholeFrom)));
  const after = db
    .select({ n: count() })
    .from(tips)
    .where(and(conditions, gte(tips.eventTime, wholeTo)));
  return db.$with('open_total').as(
    db
      .select({
        n: sql<number>`coalesce((${hours}), 0) + (${before}) + (${after})`.as('open_total_n'),
      })
      .from(sql`(select 1) as one_row`),
  );
}
