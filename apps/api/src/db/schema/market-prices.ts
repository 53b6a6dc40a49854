import { PRICE_SOURCES } from '@tips/contract';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { fixtures } from './football';

/**
 * Market prices of upcoming fixtures (issue #27, decision 135): one row per price a bookmaker
 * offered for a (fixture, betting type, selection). A refresh that reads the same price again only
 * moves `checked_at`; a changed price appends a row. So the latest row per key is the current
 * price (when checked recently enough), and the history holds exactly the moves — enough to find
 * the last price before kick-off without growing on every read.
 */
export const marketPrices = pgTable(
  'market_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fixtureId: integer('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    bettingType: integer('betting_type').notNull(),
    /** The tips' canonical spelling (normalizeSelection): 'Home -0.25', 'Over 2.75', '2-1' … */
    selection: text('selection').notNull(),
    bookmaker: text('bookmaker').notNull(),
    /** Decimal odds in hundredths (1.85 → 185), as tips store theirs. */
    oddsHundredths: integer('odds_hundredths').notNull(),
    /** 'house-book' (the demo's rating model) or 'api-football'. */
    source: text('source', { enum: PRICE_SOURCES }).notNull(),
    /** When this price was first read. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** When a read last found this price still offered. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('market_prices_odds_above_one', sql`${t.oddsHundredths} > 100`),
    check('market_prices_checked_after_read', sql`${t.checkedAt} >= ${t.readAt}`),
    // The latest price of a selection (per bookmaker), and the last one before a moment.
    index('market_prices_selection_idx').on(
      t.fixtureId,
      t.bettingType,
      t.selection,
      t.bookmaker,
      t.readAt.desc(),
    ),
  ],
);

/**
 * One row per polled scope (source, league, day): when it was last polled. Claiming a scope is one
 * conditional upsert, so of several processes only one polls it per interval, and the interval
 * holds across restarts — the rate limit a paid API needs.
 */
export const marketPricePolls = pgTable('market_price_polls', {
  scope: text('scope').primaryKey(),
  polledAt: timestamp('polled_at', { withTimezone: true }).notNull(),
});
