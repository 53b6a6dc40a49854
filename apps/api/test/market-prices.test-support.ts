import { BETTING_TYPE_CODES, formatLine, LINE_MARKETS, normalizeSelection } from '@tips/contract/rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

/**
 * The one way tests give a selection a market price (decision 150: publishing refuses a selection
 * without a current price, and odds above the best one). Inserts a `market_prices` row as the
 * house book would (source 'house-book' unless told), read and checked at `at` (the test's clock
 * now, usually), so it is the current price from `at` for the configured maximum age. The selection may be in any spelling the
 * publishing form accepts; it is stored canonically.
 */
export interface OfferedPrice {
  fixtureId: number;
  bettingType: number;
  selection: string;
  /** Decimal odds offered. */
  odds: number;
  bookmaker?: string;
  source?: 'house-book' | 'api-football';
}

export const TEST_BOOKMAKER = 'House book (demo)';

export async function offerPrices(db: DbOrTx, at: Date, prices: readonly OfferedPrice[]): Promise<void> {
  for (const p of prices) {
    const selection = normalizeSelection(p.bettingType, p.selection);
    if (!selection) throw new Error(`not a selection of betting type ${p.bettingType}: ${p.selection}`);
    await db.execute(sql`insert into market_prices
        (fixture_id, betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at)
      values (${p.fixtureId}, ${p.bettingType}, ${selection}, ${p.bookmaker ?? TEST_BOOKMAKER},
        ${Math.round(p.odds * 100)}, ${p.source ?? 'house-book'}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  }
}

/** One price offered at `at`: the common case of a test that publishes one tip. */
export const offerPrice = (db: DbOrTx, at: Date, price: OfferedPrice) => offerPrices(db, at, [price]);

const SIMPLE_SELECTIONS: Record<number, readonly string[]> = {
  3: ['Home', 'Draw', 'Away'],
  6: ['Home', 'Draw', 'Away'],
  15: ['Odd', 'Even'],
  113: ['Home', 'Away'],
};
const SCORES = Array.from({ length: 100 }, (_, i) => `${Math.floor(i / 10)}-${i % 10}`);

/** Every selection publishing accepts, per betting type, in canonical spelling. */
export function everySelection(): Array<{ bettingType: number; selection: string }> {
  const all: Array<{ bettingType: number; selection: string }> = [];
  for (const bettingType of BETTING_TYPE_CODES) {
    const market = LINE_MARKETS[bettingType];
    const selections = market
      ? market.sides.flatMap((side) => market.lines.map((line) => `${side} ${formatLine(bettingType, line)}`))
      : (SIMPLE_SELECTIONS[bettingType] ?? SCORES);
    for (const raw of selections) {
      const selection = normalizeSelection(bettingType, raw);
      if (selection) all.push({ bettingType, selection });
    }
  }
  return all;
}

/**
 * Prices every selection of a fixture at `odds` (read at `at`): for tests about something else than
 * the price rule, whose tips may be on any selection at up to those odds.
 */
export async function priceWholeFixture(db: DbOrTx, at: Date, fixtureId: number, odds = 3): Promise<void> {
  const all = everySelection();
  await db.execute(sql`insert into market_prices
      (fixture_id, betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at)
    select ${fixtureId}, b, s, ${TEST_BOOKMAKER}, ${Math.round(odds * 100)}, 'house-book', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from unnest(${sql.param(all.map((x) => x.bettingType))}::int[], ${sql.param(all.map((x) => x.selection))}::text[]) as u(b, s)`);
}
