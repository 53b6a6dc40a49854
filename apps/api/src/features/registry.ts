import type { Redis } from 'ioredis';
import type { AppInstance } from '../app';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { type AccessTokenService, createAccessTokenService } from '../lib/tokens';
import { accountsFeature } from './accounts/accounts.module';
import { catalogueFeature } from './catalogue/catalogue.module';
import { healthRoutes } from './health/health.routes';

/** What every feature gets from buildApp. */
export interface CoreDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** Shared Redis connection when REDIS_URL is set (caches, locks); null otherwise. */
  redis: Redis | null;
}

/**
 * Services shared across features (ports to the outside world, token signing…). To add one:
 * a field here and a line in createServices. Tests replace any of them through
 * `buildApp({ services: { … } })`.
 */
export interface AppServices {
  accessTokens: AccessTokenService;
}

export function createServices(core: CoreDeps, overrides: Partial<AppServices> = {}): AppServices {
  const accessTokens =
    overrides.accessTokens ??
    createAccessTokenService(
      { secret: core.config.jwt.secret, ttlSeconds: core.config.jwt.accessTokenTtlSeconds },
      core.clock,
    );
  return { accessTokens };
}

export interface FeatureDeps extends CoreDeps {
  services: AppServices;
}

/** A feature's routes, registered in its own encapsulated scope under the '/api' prefix. */
export type FeatureModule = (app: AppInstance, deps: FeatureDeps) => Promise<void>;

// One line per feature, appended at the end (kept unformatted so concurrent additions merge cleanly).
// biome-ignore format: one line per feature
export const featureModules: FeatureModule[] = [
  healthRoutes,
  accountsFeature,
  catalogueFeature,
];
