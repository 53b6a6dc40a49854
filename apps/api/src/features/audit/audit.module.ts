import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { adminAuditRoutes } from './audit.admin.routes';
import { createAuditService } from './audit.service';

/** The audit log: written by every domain in its own transactions, read by admins under /api/admin. */
export async function auditFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  await registerAudience(app, 'admin', (admin) =>
    adminAuditRoutes(admin, createAuditService({ db: deps.database.db })),
  );
}
