import type { AppInstance } from '../../app';
import type { FeatureDeps } from '../registry';
import { adminAuditRoutes } from './admin-audit.routes';
import { adminContactRoutes } from './admin-contact.routes';
import { createAdminContactService } from './admin-contact.service';
import { adminOrdersRoutes } from './admin-orders.routes';
import { createAdminOrdersService } from './admin-orders.service';
import { adminSettlementRoutes } from './admin-settlement.routes';
import { createAdminSettlementService } from './admin-settlement.service';
import { adminTipstersRoutes } from './admin-tipsters.routes';
import { createAdminTipstersService } from './admin-tipsters.service';
import { adminUsersRoutes } from './admin-users.routes';
import { createAdminUsersService } from './admin-users.service';
import { catalogueInvalidator } from './catalogue-invalidator';
import { createManualOrderDecisions } from './manual-order-decisions';

/** The admin API under /api/admin: every route needs the admin role (401 anonymous, 403 others). */
export async function adminFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const db = deps.database.db;
  const { clock, config } = deps;
  const onCatalogueChanged = catalogueInvalidator(app, deps);
  const settlement = createAdminSettlementService({
    db,
    clock,
    publicUrl: config.publicUrl,
    onCatalogueChanged,
  });
  const orders = createAdminOrdersService({ db, clock, decisions: createManualOrderDecisions(config) });
  const users = createAdminUsersService({ db, clock });
  const tipsters = createAdminTipstersService({ db, clock, dataDir: config.dataDir, onCatalogueChanged });
  const contact = createAdminContactService({ db, clock });

  await app.register(
    async (admin) => {
      // onRequest, before body validation: an anonymous caller learns nothing about the schemas.
      admin.addHook('onRequest', admin.requireRole('admin'));
      await adminSettlementRoutes(admin, settlement);
      await adminOrdersRoutes(admin, orders);
      await adminUsersRoutes(admin, users);
      await adminTipstersRoutes(admin, tipsters);
      await adminContactRoutes(admin, contact);
      await adminAuditRoutes(admin, db);
    },
    { prefix: '/admin' },
  );
}
