import type { AppServices } from '../../app-types';

/** A best current price with its bookmaker's market, as the market-price reader returns it. */
export type MarketPrice = NonNullable<Awaited<ReturnType<AppServices['marketPrices']['bestCurrentPrice']>>>;

/**
 * The margin-free probability of a price's selection (decision 150), in millionths: proportional
 * margin removal over its bookmaker's market at that moment — the selection's implied probability
 * divided by the market's sum. A market that is incomplete (one leg) or carries no overround (the
 * European handicap lacks its draw leg) keeps the implied probability 1/odds: scaling it up would
 * invent a margin that is not there.
 */
export function fairProbabilityPpm(price: Pick<MarketPrice, 'oddsHundredths' | 'market'>): number {
  const implied = 100 / price.oddsHundredths;
  const legs = price.market.map((leg) => 100 / leg.oddsHundredths);
  const sum = legs.reduce((total, p) => total + p, 0);
  const fair = legs.length >= 2 && sum > 1 ? implied / sum : implied;
  return Math.round(Math.min(1, fair) * 1_000_000);
}
