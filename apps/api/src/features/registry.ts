import type { Redis } from 'ioredis';
import type { AppInstance } from '../app';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { type AccessTokenService, createAccessTokenService } from '../lib/tokens';
import { accountsFeature } from './accounts/accounts.module';
import { adminFeature } from './admin/admin.module';
import { catalogueFeature } from './catalogue/catalogue.module';
import { commerceFeature } from './commerce/commerce.module';
import type { PaypalPort } from './commerce/paypal/paypal.port';
import { createPaypalClient } from './commerce/paypal/paypal-client';
import { footballFeature } from './football/football.module';
import { healthRoutes } from './health/health.routes';
import { publicConfigRoutes } from './public-config/public-config.routes';
import { tipsterPortalFeature } from './tipster-portal/tipster-portal.module';

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
  /** PayPal Orders v2: the REST adapter (to PayPal, or to the local emulator in sandbox-local mode). */
  paypal: PaypalPort;
}

export function createServices(core: CoreDeps, overrides: Partial<AppServices> = {}): AppServices {
  const accessTokens =
    overrides.accessTokens ??
    createAccessTokenService(
      { secret: core.config.jwt.secret, ttlSeconds: core.config.jwt.accessTokenTtlSeconds },
      core.clock,
    );
  const paypal = overrides.paypal ?? createPaypalClient(core.config.paypal);
  return { accessTokens, paypal };
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
  adminFeature,
  tipsterPortalFeature,
  commerceFeature,
  publicConfigRoutes,
  footballFeature,
];
