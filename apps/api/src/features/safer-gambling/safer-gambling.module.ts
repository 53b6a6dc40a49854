import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { saferGamblingAdminRoutes, saferGamblingRoutes } from './safer-gambling.routes';
import { createSaferGamblingService } from './safer-gambling.service';

/** Safer gambling (issue #20 point 2): the user's limits, time-out and self-exclusion; admins read them. */
export async function saferGamblingFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const service = createSaferGamblingService({ db: deps.database.db, clock: deps.clock });
  await saferGamblingRoutes(app, service);
  await registerAudience(app, 'admin', (admin) => saferGamblingAdminRoutes(admin, service));
}
