import type { AppInstance, FeatureDeps } from '../../app-types';
import { recordsRoutes } from './records.routes';
import { createRecordsService } from './records.service';

/** Verifiable records (issue #18, decision 077): the chain export and the daily anchors. */
export async function recordsFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  await recordsRoutes(app, createRecordsService({ db: deps.database.db, clock: deps.clock }));
}
