import type { DbOrTx } from '../../db/client';
import { repeatingTask } from '../../lib/repeating-task';
import { backfillTipsterRecords } from './tipster-record.repo';

export interface RecordRefreshLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Refreshes the record rows of the tipsters a settlement or correction just committed for
 * (decision 107), before the request answers, so a profile read after the response shows them.
 * The settlement stands whatever happens here: a failed refresh is logged and the row stays marked
 * stale for the record refresher (and the next settlement of that tipster). Never throws.
 */
export async function refreshTipsterRecordsAfterCommit(
  tipsterIds: Iterable<number>,
  opts: { refresh: (tipsterId: number) => Promise<void>; log?: RecordRefreshLog },
): Promise<void> {
  for (const tipsterId of new Set(tipsterIds)) {
    try {
      await opts.refresh(tipsterId);
    } catch (error) {
      opts.log?.error({ err: error, tipsterId }, 'tipster record refresh failed; the refresher retries it');
    }
  }
}

/**
 * The worker that repairs stale record rows: a crash or failure between a settlement's commit and
 * its refresh leaves the row marked changed (or missing), and this refreshes it within one interval
 * (default 30 s). Several processes may run it: a refresh never overwrites a newer one.
 */
export function startTipsterRecordRefresher(opts: {
  db: DbOrTx;
  log: RecordRefreshLog;
  intervalMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}): { stop(): Promise<void>; refreshNow(): Promise<void> } {
  const interval = opts.intervalMs ?? 30_000;
  const task = repeatingTask({
    name: 'record-refresher',
    run: async (isStopped) => {
      const refreshed = await backfillTipsterRecords(opts.db, isStopped);
      if (refreshed > 0) opts.log.info({ tipsters: refreshed }, 'stale tipster records refreshed');
    },
    firstDelayMs: interval,
    nextDelayMs: () => interval,
    onError: (error) => opts.log.error({ err: error }, 'tipster record refresh failed'),
    setTimer: opts.setTimer,
    clearTimer: opts.clearTimer,
  });
  task.start();
  return { refreshNow: task.runNow, stop: task.stop };
}
