import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppInstance, AppServices, CoreDeps, FeatureDeps, FeatureModule } from './app-types';
import type { AppConfig } from './config/env';
import type { Database, DbOrTx } from './db/client';
import { accountsFeature } from './features/accounts/accounts.module';
import { findLiveSession } from './features/accounts/session-liveness.repo';
import { aiModelFeature } from './features/ai-model/ai-model.module';
import { alertsFeature } from './features/alerts/alerts.module';
import { alertFollowersOfTip } from './features/alerts/tip-alerts';
import { auditFeature } from './features/audit/audit.module';
import { cachedResponseDoor } from './features/catalogue/cached-response-door';
import { catalogueFeature } from './features/catalogue/catalogue.module';
import { catalogueCacheFromConfig } from './features/catalogue/catalogue-cache';
import { findPublicTipsterPage, listPublicTipsterPages } from './features/catalogue/public-pages.repo';
import { deliverAiTipToSubscribers } from './features/commerce/ai-subscriptions/deliver-ai-tip';
import { commerceFeature } from './features/commerce/commerce.module';
import { earningsSettlementHookOn } from './features/commerce/earnings/earnings-settlement-hook';
import { recentOrdersOfUser as readRecentOrders } from './features/commerce/orders/orders-admin.service';
import { createPaypalClient } from './features/commerce/paypal/paypal-client';
import { voidedTipRefundHookOn } from './features/commerce/voided-tip-refunds/voided-tip-refunds.services';
import { footballFeature } from './features/football/football.module';
import { footballDataSandboxFeature } from './features/football/football-data-sandbox/football-data-emulator.routes';
import { healthRoutes } from './features/health/health.routes';
import { apiFootballSandboxFeature } from './features/market-prices/api-football-sandbox/api-football-emulator.routes';
import { createMarketPriceReader, priceSourceOf } from './features/market-prices/market-price-reader';
import { marketPricesFeature } from './features/market-prices/market-prices.module';
import { publicConfigRoutes, toPublicConfig } from './features/public-config/public-config.routes';
import { recordsFeature } from './features/records/records.module';
import { createRecordsService } from './features/records/records.service';
import { saferGamblingFeature } from './features/safer-gambling/safer-gambling.module';
import { closingPriceHook } from './features/tips/closing/closing-price-hook';
import { tipsFeature } from './features/tips/tips.module';
import { tipsterTiersFeature } from './features/tipster-tiers/tipster-tiers.module';
import { createErrorReporter, type ErrorReporter } from './infra/error-reporting/error-reporter';
import { createAppMetrics } from './infra/metrics/app-metrics';
import type { Clock } from './lib/clock';
import { type FrontDoor, serverWithFrontDoor } from './lib/http-server';
import { requestIdFrom } from './lib/ids';
import { createLoggerOptions } from './lib/logger';
import { createAccessTokenService } from './lib/tokens';
import { countCacheLookups, countPaypalFailures, registerStoreGauges, timeFrontDoor } from './metrics-wiring';
import authPlugin from './plugins/auth';
import { clientErrorsPlugin } from './plugins/client-errors';
import corsPlugin from './plugins/cors';
import crawlersPlugin from './plugins/crawlers';
import errorHandlerPlugin, { sendError } from './plugins/error-handler';
import metricsPlugin from './plugins/metrics';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import { requestTraceAndLogPlugin } from './plugins/request-trace-and-log';
import securityHeadersPlugin, { securityHeaders } from './plugins/security-headers';
import staticWebPlugin, { createSpaFallback } from './plugins/static-web';
import underPressurePlugin, {
  type UnderPressureSettings,
  underPressureSettings,
} from './plugins/under-pressure';
import { type BackgroundWorkers, createBackgroundWorkers } from './workers';

export type { AppInstance } from './app-types';

/**
 * The registry: one line per domain module, appended at the end (kept unformatted so concurrent
 * additions merge cleanly). Audience routes (admin, tipster) live in their domain's module.
 */
// biome-ignore format: one line per feature
export const featureModules: FeatureModule[] = [
  healthRoutes,
  accountsFeature,
  catalogueFeature,
  tipsFeature,
  commerceFeature,
  auditFeature,
  publicConfigRoutes,
  footballFeature,
  footballDataSandboxFeature,
  recordsFeature,
  saferGamblingFeature,
  aiModelFeature,
  alertsFeature,
  marketPricesFeature,
  apiFootballSandboxFeature,
  tipsterTiersFeature,
];

export const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** false silences logs (tests); default: pino at config.logLevel with redaction (lib/logger). */
  logger?: FastifyServerOptions['logger'];
  /** Test overrides: fakes for outside services. */
  services?: Partial<AppServices>;
  /** Test override: the feature list (default: every module in featureModules above). */
  features?: readonly FeatureModule[];
  /** Load-shedding thresholds (default: from config), or false to turn shedding off (tests). */
  underPressure?: false | UnderPressureSettings;
  /** Test hook: receives the services buildApp built (the catalogue cache the app uses…). */
  onServices?: (services: AppServices) => void;
  /** Test override: a Redis client (default: one opened from config.redisUrl, if set). */
  redis?: Redis | null;
  /**
   * Build the background workers (mail outbox, PayPal reconciler, settlement sweeper, football
   * feed or replay), start them once the server listens and stop them when it closes. Off by
   * default: tests drive those workers themselves; server.ts turns it on.
   */
  startWorkers?: boolean;
  /** Where errors are reported (default: from config.errorReportingDsn; server.ts shares its own). */
  errorReporter?: ErrorReporter;
  /** Receives the workers built with `startWorkers` (server.ts seeds the demo through the replay). */
  onWorkers?: (workers: BackgroundWorkers) => void;
}

/**
 * The one place where everything is wired. Returns the app without listening and without
 * calling ready(), so tests can `inject` and server.ts can `listen`.
 */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database, clock } = deps;
  // Repeated anonymous catalogue GETs are answered before Fastify once the app is built (below).
  let frontDoor: FrontDoor | null = null;
  const frameworkErrorHeaders = securityHeaders(config);
  const app: AppInstance = Fastify({
    serverFactory: serverWithFrontDoor(() => frontDoor),
    logger: deps.logger ?? createLoggerOptions(config.logLevel),
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // One line per request instead of Fastify's two, written by requestTraceAndLogPlugin.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // The router's errors (a parameter past maxParamLength → 414, bad percent-encoding → 400) are
    // answered before any hook runs: give them the request id, the security headers and the one
    // error body by hand, as every other error gets them (issue #19.7).
    frameworkErrors: (error, request, reply) => {
      reply.headers({ ...frameworkErrorHeaders, 'x-request-id': request.id });
      return sendError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook: every request runs it, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const redis =
    deps.redis !== undefined ? deps.redis : openRedis(config.redisUrl, config.redisKeyPrefix, app);
  const core: CoreDeps = { config, database, clock, redis };
  const services = createServices(core, app, deps.services);
  deps.onServices?.(services);
  const featureDeps: FeatureDeps = { ...core, services };
  const door = timeFrontDoor(
    cachedResponseDoor({
      responses: services.catalogueCache.responses,
      securityHeaders: securityHeaders(config),
      corsEnabled: config.corsOrigins.length > 0,
      log: app.log,
    }),
    services.metrics,
  );
  registerStoreGauges(services.metrics, { database, clock, log: app.log, redis });
  app.addHook('onReady', (done) => {
    frontDoor = door;
    done();
  });
  // Closing: late requests go to Fastify, which answers them 503.
  app.addHook('preClose', (done) => {
    frontDoor = null;
    done();
  });

  const errorReporter =
    deps.errorReporter ??
    createErrorReporter({
      dsn: config.errorReportingDsn,
      environment: config.environmentName,
      onSendFailure: (error) => app.log.warn({ err: error }, 'error report not delivered'),
    });
  await app.register(requestTraceAndLogPlugin, { reporter: errorReporter });
  await app.register(securityHeadersPlugin, { config });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  if (deps.underPressure !== false) {
    await app.register(underPressurePlugin, deps.underPressure ?? underPressureSettings(config, database));
  }
  await app.register(errorHandlerPlugin, { notFoundFallback: createSpaFallback(config.webDistDir) });
  await app.register(metricsPlugin, { metrics: services.metrics, token: config.metricsToken });
  await app.register(rateLimitPlugin, { redis });
  await app.register(authPlugin, {
    accessTokens: services.accessTokens,
    liveSession: services.liveSession,
  });
  // Off in production unless API_DOCS=true: the document maps every route for anyone who asks.
  if (config.apiDocs) await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(staticWebPlugin, { distDir: config.webDistDir });
  await app.register(crawlersPlugin, {
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    listTipsters: () => listPublicTipsterPages(database.db),
    findTipster: (id) => findPublicTipsterPage(database.db, id),
    publicConfig: toPublicConfig(config),
  });

  // After the rate limiter, which attaches to routes as they are added.
  await app.register(clientErrorsPlugin, { reporter: errorReporter });
  for (const feature of deps.features ?? featureModules) {
    await app.register(async (scope) => feature(scope.withTypeProvider<ZodTypeProvider>(), featureDeps), {
      prefix: '/api',
    });
  }

  if (config.paypal.mode === 'sandbox-local') {
    // Loud on purpose (issue #19.8): in this mode nobody pays anything real.
    app.log.warn(
      'PayPal runs in sandbox-local mode: the local stand-in approves any order, so payments are not real and anyone can give themselves credits. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take payments (NODE_ENV=production refuses to start without them unless PAYPAL_MODE=sandbox-local)',
    );
  }
  if (deps.startWorkers) {
    const workers = createBackgroundWorkers(core, services, app.log);
    deps.onWorkers?.(workers);
    app.addHook('onListen', (done) => {
      workers.start();
      done();
    });
    // After in-flight requests end, before the caller closes the database.
    app.addHook('onClose', () => workers.stop());
  }

  if (!config.recaptcha.enabled) {
    app.log.warn('reCAPTCHA verification is off (RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are not set)');
  }
  return app;
}

/** Every service shared across features, built once from config and the database. */
export function createServices(
  core: CoreDeps,
  app: Pick<AppInstance, 'log'>,
  overrides: Partial<AppServices> = {},
): AppServices {
  const { config, clock } = core;
  const accessTokens =
    overrides.accessTokens ??
    createAccessTokenService(
      { secret: config.jwt.secret, ttlSeconds: config.jwt.accessTokenTtlSeconds },
      clock,
    );
  const metrics = overrides.metrics ?? createAppMetrics();
  const paypal = countPaypalFailures(overrides.paypal ?? createPaypalClient(config.paypal), metrics);
  const catalogueCache =
    overrides.catalogueCache ?? countCacheLookups(catalogueCacheFromConfig(core, app.log), metrics);
  const onCatalogueChanged =
    overrides.onCatalogueChanged ??
    (async () => {
      // After a commit: a failure costs staleness, never the request.
      try {
        await catalogueCache.invalidateAll();
      } catch (error) {
        app.log.warn({ err: error }, 'catalogue cache invalidation failed');
      }
    });
  const deliverAiTip =
    overrides.deliverAiTip ??
    ((tx, tip) => deliverAiTipToSubscribers(tx, tip, { now: tip.publishedAt, publicUrl: config.publicUrl }));
  const recentOrdersOfUser =
    overrides.recentOrdersOfUser ??
    ((userId: number, limit: number) => readRecentOrders(core.database.db, userId, limit));
  const liveSession =
    overrides.liveSession ??
    ((userId: number, sessionId: string) => findLiveSession(core.database.db, userId, sessionId));
  const alertFollowers = overrides.alertFollowers ?? alertFollowersOfTip;
  const isRecordVerified =
    overrides.isRecordVerified ??
    ((tipsterId: number) =>
      createRecordsService({ db: core.database.db, clock }).isRecordVerified(tipsterId));
  const priceReaderOn = (db: DbOrTx) =>
    createMarketPriceReader({
      db,
      source: priceSourceOf(config.marketPrices),
      maxAgeMs: config.marketPrices.maxAgeMinutes * 60_000,
    });
  const marketPrices = overrides.marketPrices ?? priceReaderOn(core.database.db);
  // Who reacts to a settlement, in its transaction: a tip settled before the closing worker reached
  // it is closed first (decision 155); commerce refunds a voided tip's buyers and takes its tipster's
  // share back (decisions 108, 170).
  const settlementHooks = overrides.settlementHooks ?? [
    closingPriceHook((tx) => overrides.marketPrices ?? priceReaderOn(tx)),
    voidedTipRefundHookOn(core.database.db, config.publicUrl),
    earningsSettlementHookOn(core.database.db),
  ];
  return {
    accessTokens,
    liveSession,
    paypal,
    catalogueCache,
    onCatalogueChanged,
    deliverAiTip,
    recentOrdersOfUser,
    alertFollowers,
    isRecordVerified,
    metrics,
    settlementHooks,
    marketPrices,
  };
}

function openRedis(url: string | undefined, keyPrefix: string, app: AppInstance): Redis | null {
  if (!url) return null;
  // Short timeouts: a slow Redis must degrade rate limiting, not stall every request.
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
    keyPrefix,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
