import type { Database } from '../../../db/client';
import { transactionsOn } from '../../../db/transactions';
import type { Clock } from '../../../lib/clock';
import { type RepeatingTask, repeatingTask } from '../../../lib/repeating-task';
import { createClosingPricesRepo } from './closing-prices.repo';
import { type ClosingPriceSource, createClosingPrices } from './closing-prices.service';

/** How often the worker looks for kicked-off fixtures: a tip closes within this of kick-off. */
export const CLOSING_INTERVAL_MS = 20_000;

/**
 * The closing-prices worker of one process (decision 155): every 20 seconds, closes the tips of
 * fixtures that kicked off. Several processes may run it; each tip is closed once.
 */
export function createClosingPricesWorker(deps: {
  database: Database;
  clock: Clock;
  prices: ClosingPriceSource;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Cached lists and profiles show the new closing prices. */
  onCatalogueChanged: () => Promise<void>;
  intervalMs?: number;
}): RepeatingTask {
  const closing = createClosingPrices({
    transaction: transactionsOn(deps.database.db),
    repo: createClosingPricesRepo(deps.database.db),
    prices: deps.prices,
    clock: deps.clock,
  });
  return repeatingTask({
    name: 'closing-prices',
    run: async () => {
      const report = await closing.closeDue();
      if (report.closed + report.noPrice > 0) {
        deps.log.info(report, 'closing prices recorded');
        await deps.onCatalogueChanged();
      }
    },
    nextDelayMs: () => deps.intervalMs ?? CLOSING_INTERVAL_MS,
    onError: (error) => deps.log.error({ err: error }, 'closing prices failed'),
  });
}
