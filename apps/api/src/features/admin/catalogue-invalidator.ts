import type { AppInstance } from '../../app';
import { catalogueCacheFor } from '../catalogue/catalogue-cache';
import type { FeatureDeps } from '../registry';

/** Empties the public catalogue cache after a commit; a failure costs staleness, never the request. */
export function catalogueInvalidator(app: AppInstance, deps: FeatureDeps): () => Promise<void> {
  const cache = catalogueCacheFor(deps);
  return async () => {
    try {
      await cache.invalidateAll();
    } catch (error) {
      app.log.warn({ err: error }, 'catalogue cache invalidation failed');
    }
  };
}
