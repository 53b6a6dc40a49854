import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatingTask } from '../../lib/repeating-task';
import { latestVersionsAt } from './ai-model.repo';
import { createAiPicksService, type MarketPriceOf, type PublishModelTip } from './ai-picks.service';

export interface AiModelWorkerOptions {
  database: Database;
  clock: Clock;
  publish: PublishModelTip;
  /** The market's best current price of a selection: picks are published at it (decision 150). */
  marketPrice: MarketPriceOf;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** How often to look (default 10 minutes). */
  intervalMs?: number;
}

/** Refit at least this often, and after results arrive. */
const FIT_EVERY_MS = 6 * 3600_000;

/**
 * Keeps the AI tier running: refits every country after results arrive and at least every six
 * hours (each fit stored as a model version), then publishes each tier's pick of the day once the
 * day has started. Several processes may run it: versions are unique per (country, cut-off) and
 * picks per (tier, day).
 */
export function createAiModelWorker(opts: AiModelWorkerOptions) {
  const db = opts.database.db;
  const service = createAiPicksService({
    db,
    clock: opts.clock,
    publish: opts.publish,
    marketPrice: opts.marketPrice,
  });
  let resultsArrived = true;

  async function runOnce(): Promise<void> {
    const now = opts.clock.now();
    const latest = [...(await latestVersionsAt(db, now)).values()];
    const newest = Math.max(0, ...latest.map((v) => v.dataCutoff.getTime()));
    if (resultsArrived || now.getTime() - newest >= FIT_EVERY_MS) {
      resultsArrived = false;
      const versions = await service.fitNow();
      opts.log.info({ countries: versions.length }, 'AI model: fitted');
    }
    const published = await service.publishDuePicks();
    if (published > 0) opts.log.info({ published }, 'AI model: published the tiers’ picks of the day');
  }

  const task = repeatingTask({
    name: 'ai-model',
    run: runOnce,
    nextDelayMs: () => opts.intervalMs ?? 10 * 60_000,
    firstDelayMs: 5_000,
    onError: (error) => opts.log.error({ err: error }, 'AI model worker failed'),
  });
  return {
    start: task.start,
    stop: task.stop,
    runNow: task.runNow,
    /** New results: the next run refits before it publishes. */
    onResults() {
      resultsArrived = true;
    },
  };
}

export type AiModelWorker = ReturnType<typeof createAiModelWorker>;
