import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createApiFootballSourceFromConfig } from './api-football/api-football-price-source';
import { createHouseBookPriceSource } from './house-book/house-book-price-source';
import { createPriceRefresher, type PriceRefresher } from './price-refresher';
import type { PriceSourcePort } from './price-source.port';

/** The house book re-prices a batch at most every 5 minutes (results move its prices; a day of replayed
 * results must not rewrite every price each minute). */
export const HOUSE_BOOK_MIN_POLL_MS = 5 * 60_000;

/** The configured price source: API-Football when ODDS_API_KEY is set, else the house book. */
export function priceSourceFromConfig(
  config: AppConfig,
  database: Database,
  fetchImpl?: typeof fetch,
): PriceSourcePort {
  const { apiKey, ...rest } = config.marketPrices;
  if (apiKey) return createApiFootballSourceFromConfig({ apiKey, ...rest }, fetchImpl);
  return createHouseBookPriceSource({ db: database.db, minPollMs: HOUSE_BOOK_MIN_POLL_MS });
}

/** The price refresher of one process (built by workers.ts, started after listen). */
export function createMarketPricesWorker(deps: {
  config: AppConfig;
  database: Database;
  clock: Clock;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  source?: PriceSourcePort;
}): PriceRefresher {
  const { config } = deps;
  return createPriceRefresher({
    database: deps.database,
    clock: deps.clock,
    log: deps.log,
    source: deps.source ?? priceSourceFromConfig(config, deps.database),
    daysAhead: config.marketPrices.daysAhead,
    historyDays: config.marketPrices.historyDays,
    refreshMs: config.marketPrices.refreshSeconds * 1000,
  });
}
