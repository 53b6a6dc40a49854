import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type RepeatingTask, repeatingTask } from '../../lib/repeating-task';
import { createRecordsService } from './records.service';

const HOUR_MS = 3_600_000;

export interface AnchorWorkerDeps {
  database: Database;
  clock: Clock;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** How often to look whether today's anchor exists (default hourly). */
  intervalMs?: number;
}

/**
 * Publishes each UTC day's anchor (decision 077): every run stores today's root unless a process
 * already did, so a restart or several processes publish one root a day.
 */
export function createRecordAnchorWorker(deps: AnchorWorkerDeps): RepeatingTask {
  const records = createRecordsService({ db: deps.database.db, clock: deps.clock });
  return repeatingTask({
    name: 'record-anchors',
    run: async () => {
      const anchor = await records.anchorToday();
      deps.log.info({ day: anchor.day, root: anchor.root, chains: anchor.chains }, 'records: daily anchor');
    },
    nextDelayMs: () => deps.intervalMs ?? HOUR_MS,
    onError: (error) => deps.log.error({ err: error }, 'records: anchoring failed'),
  });
}
