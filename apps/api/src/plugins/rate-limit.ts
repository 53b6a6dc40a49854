import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/app-error';

/**
 * Rate limits are opt-in per route (`global: false`). The counters live in memory, or in Redis when
 * REDIS_URL is set so that every API process shares them. A 429 carries `Retry-After`.
 *
 * Per client IP (spoofed X-Forwarded-For is ignored unless TRUST_PROXY is set):
 *   app.post('/login', { config: { rateLimit: routeRateLimit(10, '1 minute') } }, …)
 *
 * Per account as well (the key comes from the parsed body, so this runs as a preHandler):
 *   const perAccount = accountRateLimit(app, {
 *     name: 'login', max: 5, timeWindow: '15 minutes',
 *     account: (req) => (req.body as { Username?: string }).Username,
 *   });
 *   app.post('/login', { config: { rateLimit: routeRateLimit(10, '1 minute') }, preHandler: perAccount }, …)
 */

export interface RateLimitPluginOptions {
  redis: Redis | null;
}

const rateLimitPlugin: FastifyPluginAsync<RateLimitPluginOptions> = async (app, { redis }) => {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tips:rl:' } : {}),
    // A Redis outage must not take logins down with it; the limiter fails open until it is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
};

export default fp(rateLimitPlugin, { name: 'rate-limit', fastify: '5.x' });

/** Per-IP limit for a route's `config.rateLimit`. */
export function routeRateLimit(max: number, timeWindow: string | number): RateLimitOptions {
  return { max, timeWindow };
}

/**
 * A key generator for per-account limits: the same account is counted together whatever the IP.
 * Use it in `config.rateLimit` with `hook: 'preHandler'` when the key comes from the body.
 */
export function accountKey(
  name: string,
  account: (request: FastifyRequest) => string | number | null | undefined,
): (request: FastifyRequest) => string {
  return (request) => {
    const value = account(request);
    const normalized = value === null || value === undefined ? '' : String(value).trim().toLowerCase();
    // Requests without an account share the IP's bucket instead of escaping the limit.
    return normalized ? `${name}:account:${normalized}` : `${name}:ip:${request.ip}`;
  };
}

export interface AccountRateLimitOptions {
  /** Distinguishes this counter from others in the shared store, e.g. 'login'. */
  name: string;
  max: number;
  timeWindow: string | number;
  account: (request: FastifyRequest) => string | number | null | undefined;
}

/**
 * A preHandler that limits per account, in addition to the route's own per-IP `config.rateLimit`
 * (@fastify/rate-limit runs at most one of its route hooks per request, so this one goes through
 * `createRateLimit`).
 */
export function accountRateLimit(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  options: AccountRateLimitOptions,
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: accountKey(options.name, options.account),
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
  };
}
