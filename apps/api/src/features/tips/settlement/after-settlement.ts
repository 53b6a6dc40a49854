import type { SettlementHook } from '../../../app-types';
import type { TipRow } from '../../../db/rows';
import { type RecordRefreshLog, refreshTipsterRecordsAfterCommit } from '../record-refresh';

export interface AfterSettlementDeps {
  /** The tipster's record row (runs, drawdown, units series, luck): decision 107. */
  refreshTipsterRecord: (tipsterId: number) => Promise<void>;
  /** Empties the public catalogue cache (every process's, with Redis); never throws. */
  onCatalogueChanged: () => Promise<void>;
  hooks: readonly SettlementHook[];
  log: RecordRefreshLog & { warn(obj: object, msg: string): void };
}

export type AfterSettlement = (settled: readonly TipRow[]) => Promise<void>;

/**
 * The one step every settlement path runs after its commit (decision 108), before a request
 * answers: each tipster's record row once, then the catalogue cache, then the hooks' own
 * after-commit work. The settlements stand whatever happens here: failures are logged (a stale
 * record row is repaired by the record refresher), never thrown.
 */
export function createAfterSettlement(deps: AfterSettlementDeps): AfterSettlement {
  return async (settled) => {
    if (settled.length === 0) return;
    await refreshTipsterRecordsAfterCommit(
      settled.map((tip) => tip.tipsterId),
      { refresh: deps.refreshTipsterRecord, log: deps.log },
    );
    await deps.onCatalogueChanged();
    for (const hook of deps.hooks) {
      try {
        await hook.afterCommit?.(settled);
      } catch (error) {
        deps.log.warn({ err: error, hook: hook.name }, 'settlement hook failed after the commit');
      }
    }
  };
}
