import type { PriceSource } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import {
  bestCurrentPrice,
  bestCurrentPrices,
  lastPriceBefore,
  type PriceWithMarket,
  type StoredPrice,
} from './market-prices.repo';

/**
 * The market's prices for other domains (through AppServices.marketPrices): the configured source
 * and maximum age bound in, so a caller asks only about a fixture, a selection and a moment.
 * Publishing refuses odds above `bestCurrentPrice(…, now)` plus its tolerance; the closing price of
 * a tip is `lastPriceBefore(…, kickoff)`, whose `market` lets the margin be removed.
 */
export interface MarketPriceReader {
  readonly source: PriceSource;
  readonly maxAgeMs: number;
  /** The best price of the selection current at `at` across bookmakers, or null. */
  bestCurrentPrice(
    fixtureId: number,
    bettingType: number,
    selection: string,
    at: Date,
  ): Promise<PriceWithMarket | null>;
  /** The best price still current just before kick-off (the closing price), or null. */
  lastPriceBefore(
    fixtureId: number,
    bettingType: number,
    selection: string,
    kickoff: Date,
  ): Promise<PriceWithMarket | null>;
  /** Every selection's best current price of a fixture at `at`. */
  currentPrices(fixtureId: number, at: Date): Promise<StoredPrice[]>;
}

/** Where a configuration's prices come from: API-Football with a key, else the house book. */
export const priceSourceOf = (marketPrices: { apiKey: string | undefined }): PriceSource =>
  marketPrices.apiKey ? 'api-football' : 'house-book';

export function createMarketPriceReader(deps: {
  db: DbOrTx;
  source: PriceSource;
  maxAgeMs: number;
}): MarketPriceReader {
  const { db, source, maxAgeMs } = deps;
  const opts = { source, maxAgeMs };
  return {
    source,
    maxAgeMs,
    bestCurrentPrice: (fixtureId, bettingType, selection, at) =>
      bestCurrentPrice(db, { fixtureId, bettingType, selection, at }, opts),
    lastPriceBefore: (fixtureId, bettingType, selection, kickoff) =>
      lastPriceBefore(db, { fixtureId, bettingType, selection, kickoff }, opts),
    currentPrices: (fixtureId, at) => bestCurrentPrices(db, fixtureId, source, at, maxAgeMs),
  };
}
