import type { SettlementHook } from '../../../app-types';
import type { Tx } from '../../../db/client';
import { closeTip } from './closing-prices.repo';
import { type ClosingPriceSource, closeTipInTransaction } from './closing-prices.service';

/**
 * Closing as a step of settlement (decision 155): a tip settled after kick-off but before the
 * worker closed it (a result within the worker's 20 seconds, a worker down for longer than its
 * lookback, an admin's settlement) is closed in the settling transaction, by the same rule.
 * `pricesIn` reads the prices through that transaction (PGlite has one connection).
 */
export function closingPriceHook(pricesIn: (tx: Tx) => ClosingPriceSource): SettlementHook {
  return {
    name: 'closingPrices',
    async inTransaction({ tx, tip, now }) {
      const status = await closeTipInTransaction({ repo: { closeTip }, prices: pricesIn(tx) }, tx, tip, now);
      return status ? { [status === 'closed' ? 'closed' : 'noPrice']: 1 } : undefined;
    },
  };
}
