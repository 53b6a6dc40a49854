import { type RepeatingTask, repeatingTask } from '../../lib/repeating-task';
import type { TipsterTiersService } from './tipster-tiers.service';

const HOUR_MS = 3_600_000;

export interface TierReviewWorkerDeps {
  tiers: Pick<TipsterTiersService, 'reviewAll'>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** How often to look for tipsters not reviewed yet today (default hourly). */
  intervalMs?: number;
}

/**
 * The daily tier review (decision 165). It runs every hour, but each tipster is reviewed once a UTC
 * day (the claim in tipster-tiers.repo.ts): a restart, a missed hour or several processes change
 * nothing, and a record whose figures were being refreshed is picked up within the hour.
 */
export function createTierReviewWorker(deps: TierReviewWorkerDeps): RepeatingTask {
  return repeatingTask({
    name: 'tipster-tier-review',
    run: async (isStopped) => {
      const summary = await deps.tiers.reviewAll(isStopped);
      if (summary.reviewed > 0) deps.log.info(summary, 'tipster tiers: daily review');
    },
    // Not at once: start-up repairs stale record rows first (decision 107).
    firstDelayMs: 5 * 60_000,
    nextDelayMs: () => deps.intervalMs ?? HOUR_MS,
    onError: (error) => deps.log.error({ err: error }, 'tipster tiers: review failed'),
  });
}
