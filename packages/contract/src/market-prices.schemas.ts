import { z } from 'zod';
import { BettingTypeCodeSchema } from './betting-types.schemas';
import { IsoDateTimeSchema } from './tips.schemas';
import { IdSchema } from './tipsters.schemas';

// GET /api/fixtures/{id}/odds: the market's current prices of an upcoming fixture (issue #27).

/**
 * Where prices come from: a real bookmakers' feed (API-Football) or, without a key, the house book
 * (demo prices from a rating model plus a stated margin, not a bookmaker's).
 */
export const PRICE_SOURCES = ['house-book', 'api-football'] as const;
export const PriceSourceSchema = z.enum(PRICE_SOURCES);
export type PriceSource = z.infer<typeof PriceSourceSchema>;

export const FixtureOddsParamsSchema = z.object({ id: IdSchema });

/** The best current price of one selection across bookmakers. */
export const MarketPriceSchema = z.object({
  bettingType: BettingTypeCodeSchema,
  /** The tips' canonical spelling ('Home -0.25', 'Over 2.75', 'Draw', '2-1', 'Odd'). */
  selection: z.string(),
  /** Decimal odds. */
  odds: z.number(),
  bookmaker: z.string(),
  /** When this price was last read from its source. */
  updatedAt: IsoDateTimeSchema,
});
export type MarketPrice = z.infer<typeof MarketPriceSchema>;

export const FixtureOddsSchema = z.object({
  fixtureId: z.int(),
  source: PriceSourceSchema,
  /** The newest read among the markets; null when there is no current price. */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** Empty once the match has kicked off, or when no price is current. */
  markets: z.array(MarketPriceSchema),
});
export type FixtureOdds = z.infer<typeof FixtureOddsSchema>;

export const FixtureOddsResponseSchema = z.object({ data: FixtureOddsSchema });
export type FixtureOddsResponse = z.infer<typeof FixtureOddsResponseSchema>;
