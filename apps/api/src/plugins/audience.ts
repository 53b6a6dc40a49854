import type { AppInstance } from '../app-types';
import { markSecured } from './auth';

/**
 * An audience's routes (admins under /admin, tipsters under /tipster) in a scope of their own
 * inside the domain that serves them. The role is checked onRequest, before body validation, so an
 * anonymous caller learns nothing about the schemas (401 anonymous, 403 other roles).
 */
export async function registerAudience(
  app: AppInstance,
  role: 'admin' | 'tipster',
  routes: (scope: AppInstance) => Promise<void>,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', scope.requireRole(role));
      markSecured(scope);
      await routes(scope);
    },
    { prefix: `/${role}` },
  );
}
