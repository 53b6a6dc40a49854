import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics } from '../infra/metrics/app-metrics';
import { forbidden, unauthorized } from '../lib/app-error';

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  token: string | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers that some proxy, load balancer or CDN adds to a request it relays (issue 29.5: X-Real-IP
 * and Via were let through). Any one of them, or any `X-Forwarded-*`, means the loopback socket is
 * a proxy's, not the operator's (decision 113).
 */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-envoy-external-address',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
];

export function carriesProxyHeader(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may scrape. With a token: its bearer only (401 otherwise). Without one: a client on this
 * machine's loopback, judged by the socket, never by X-Forwarded-For; a request that carries any
 * proxy header came from elsewhere through a local proxy, so it is refused too (403).
 */
export function checkScraper(request: FastifyRequest, token: string | undefined): void {
  if (token !== undefined) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameSecret(given, token)) throw unauthorized();
    return;
  }
  if (carriesProxyHeader(request.headers) || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw forbidden();
  }
}

/**
 * GET /metrics (outside /api: it is for operators, not the product) and the request histogram:
 * every request routed by Fastify is timed under its route pattern (`/api/tipsters/:id`), never
 * its raw URL, so the label set stays small; unknown URLs share the label "unmatched".
 */
async function metricsPlugin(app: FastifyInstance, { metrics, token }: MetricsPluginOptions) {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkScraper(request, token);
    const body = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
