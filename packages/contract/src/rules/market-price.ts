// Publishing at the market's price (issue #27, decision 150), without zod: the API refuses with
// these messages and the web translates them, the dynamic one through its parameters.

/**
 * How far above the best current price a tip's odds may be: 2 %. Prices move between a read and a
 * publication, and bookmakers round; more than that is a price nobody was offered.
 */
export const PRICE_TOLERANCE = 0.02;

/** The highest odds (hundredths) a tip may be published at when the best current price is `bestHundredths`. */
export function maxOddsHundredths(bestHundredths: number): number {
  return Math.floor(bestHundredths * (1 + PRICE_TOLERANCE) + 1e-9);
}

export const MARKET_PRICE_MESSAGES = {
  noMarketPrice:
    'This selection has no current market price: tips are published only at odds a bookmaker offers.',
} as const;

/** Which prices are the house book's: demo prices from a rating model, not a bookmaker's (decision 136). */
export const DEMO_PRICE_SOURCE = 'house-book';

export interface OddsAboveMarket {
  odds: string;
  best: string;
  bookmaker: string;
  max: string;
}

/** The refusal of odds above the market, naming the best price and its bookmaker. */
export function oddsAboveMarketMessage(oddsHundredths: number, bestHundredths: number, bookmaker: string) {
  const fmt = (h: number) => (h / 100).toFixed(2);
  return `Odds ${fmt(oddsHundredths)} are above the best current price ${fmt(bestHundredths)} (${bookmaker}) for this selection: publish at ${fmt(maxOddsHundredths(bestHundredths))} or less.`;
}

const ABOVE_MARKET =
  /^Odds (\d+\.\d\d) are above the best current price (\d+\.\d\d) \((.+)\) for this selection: publish at (\d+\.\d\d) or less\.$/;

/** The parameters of an oddsAboveMarketMessage, so that a client can say it in its language; else null. */
export function parseOddsAboveMarket(message: string): OddsAboveMarket | null {
  const match = ABOVE_MARKET.exec(message);
  return match ? { odds: match[1], best: match[2], bookmaker: match[3], max: match[4] } : null;
}
