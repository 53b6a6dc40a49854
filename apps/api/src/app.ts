import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { cachedResponseDoor } from './features/catalogue/cached-response-door';
import { catalogueCacheFor } from './features/catalogue/catalogue-cache';
import {
  type AppServices,
  type CoreDeps,
  createServices,
  type FeatureDeps,
  type FeatureModule,
  featureModules,
} from './features/registry';
import type { Clock } from './lib/clock';
import { type FrontDoor, serverWithFrontDoor } from './lib/http-server';
import { requestIdFrom } from './lib/ids';
import { createLoggerOptions } from './lib/logger';
import authPlugin from './plugins/auth';
import corsPlugin from './plugins/cors';
import errorHandlerPlugin from './plugins/error-handler';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeadersPlugin, { securityHeaders } from './plugins/security-headers';
import staticWebPlugin, { createSpaFallback } from './plugins/static-web';
import underPressurePlugin, {
  type UnderPressureSettings,
  underPressureSettings,
} from './plugins/under-pressure';

/** The Fastify instance route modules receive: zod schemas type params, query, body and replies. */
export type AppInstance = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** false silences logs (tests); default: pino at config.logLevel with redaction (lib/logger). */
  logger?: FastifyServerOptions['logger'];
  /** Test overrides: fakes for outside services. */
  services?: Partial<AppServices>;
  /** Test override: the feature list (default: every module in features/registry.ts). */
  features?: readonly FeatureModule[];
  /** Load-shedding thresholds (default: from config), or false to turn shedding off (tests). */
  underPressure?: false | UnderPressureSettings;
  /** Test override: a Redis client (default: one opened from config.redisUrl, if set). */
  redis?: Redis | null;
}

/**
 * The one place where everything is wired. Returns the app without listening and without
 * calling ready(), so tests can `inject` and server.ts can `listen`.
 */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database, clock } = deps;
  // Repeated anonymous catalogue GETs are answered before Fastify once the app is built (below).
  let frontDoor: FrontDoor | null = null;
  const app: AppInstance = Fastify({
    serverFactory: serverWithFrontDoor(() => frontDoor),
    logger: deps.logger ?? createLoggerOptions(config.logLevel),
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook: every request runs it, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const redis = deps.redis !== undefined ? deps.redis : openRedis(config.redisUrl, app);
  const core: CoreDeps = { config, database, clock, redis };
  const services = createServices(core, deps.services);
  const featureDeps: FeatureDeps = { ...core, services };
  const door = cachedResponseDoor({
    responses: catalogueCacheFor(core, app.log).responses,
    securityHeaders: securityHeaders(config),
    corsEnabled: config.corsOrigins.length > 0,
    log: app.log,
  });
  app.addHook('onReady', (done) => {
    frontDoor = door;
    done();
  });
  // Closing: late requests go to Fastify, which answers them 503.
  app.addHook('preClose', (done) => {
    frontDoor = null;
    done();
  });

  await app.register(securityHeadersPlugin, { config });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  if (deps.underPressure !== false) {
    await app.register(underPressurePlugin, deps.underPressure ?? underPressureSettings(config));
  }
  await app.register(errorHandlerPlugin, { notFoundFallback: createSpaFallback(config.webDistDir) });
  await app.register(rateLimitPlugin, { redis });
  await app.register(authPlugin, { accessTokens: services.accessTokens });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(staticWebPlugin, { distDir: config.webDistDir });

  for (const feature of deps.features ?? featureModules) {
    await app.register(async (scope) => feature(scope.withTypeProvider<ZodTypeProvider>(), featureDeps), {
      prefix: '/api',
    });
  }

  if (!config.recaptcha.enabled) {
    app.log.warn('reCAPTCHA verification is off (RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are not set)');
  }
  return app;
}

function openRedis(url: string | undefined, app: AppInstance): Redis | null {
  if (!url) return null;
  // Short timeouts: a slow Redis must degrade rate limiting, not stall every request.
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
