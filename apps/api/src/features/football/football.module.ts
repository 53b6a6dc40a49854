import type { AppInstance } from '../../app';
import type { FeatureDeps } from '../registry';
import { adminFixturesRoutes, fixturesRoutes } from './fixtures.routes';
import { createFixturesService } from './fixtures.service';

/** Football (issue 16): fixtures from the feeds, public lists, and the admin's file import. */
export async function footballFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const fixtures = createFixturesService({ db: deps.database.db, clock: deps.clock });
  await fixturesRoutes(app, fixtures);
  await app.register(
    async (admin) => {
      // onRequest, before the upload is read: an anonymous caller is refused at once.
      admin.addHook('onRequest', admin.requireRole('admin'));
      await adminFixturesRoutes(admin, fixtures);
    },
    { prefix: '/admin/fixtures' },
  );
}
