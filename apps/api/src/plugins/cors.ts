import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CORS is closed by default: the web app is served from the API's own origin. With CORS_ORIGIN
 * set, the listed origins may call /api with a bearer token (no cookies are used, so no
 * credentials mode). Preflights are answered here, before routing.
 */

export interface CorsOptions {
  origins: string[];
}

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const EXPOSED_HEADERS = 'Retry-After, X-Request-Id';

const corsPlugin: FastifyPluginAsync<CorsOptions> = async (app, { origins }) => {
  if (origins.length === 0) return;
  const allowed = new Set(origins);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
};

export default fp(corsPlugin, { name: 'cors', fastify: '5.x' });
