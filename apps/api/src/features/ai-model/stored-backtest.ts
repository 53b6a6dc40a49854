import { readFileSync } from 'node:fs';
import { apiPath } from '../../config/api-root';
import type { BacktestReport } from './backtest';
import type { TierName, TierRecord } from './tiers';

/**
 * The recorded walk-forward backtest (decision 070): `npm run -s model:backtest -- --from
 * 2022-08-01 --to 2025-05-31 --json > apps/api/data/ai-model/backtest.json`. It is stored rather
 * than recomputed at start-up (two minutes on two cores) and it needs seasons that the demo's
 * database holds only as a replay. The tiers' thresholds and the site's backtest figures come from it.
 */
// Found from the package root, not from this file: in the build (apps/api/dist/chunks) the
// relative path pointed outside apps/api and the server did not start.
export const STORED_BACKTEST_FILE = apiPath('data/ai-model/backtest.json');

export type StoredTier = TierRecord & { advertisedRate: number };

export interface StoredBacktest extends BacktestReport {
  tiers: Record<TierName, StoredTier>;
  source: string;
}

let cached: StoredBacktest | undefined;

export function storedBacktest(file: string = STORED_BACKTEST_FILE): StoredBacktest {
  if (file !== STORED_BACKTEST_FILE) return JSON.parse(readFileSync(file, 'utf8')) as StoredBacktest;
  cached ??= JSON.parse(readFileSync(file, 'utf8')) as StoredBacktest;
  return cached;
}
