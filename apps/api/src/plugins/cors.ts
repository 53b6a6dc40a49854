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

  // A callback hook (no promise per request); a preflight is answered here and `done` is not called.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin) || !request.url.startsWith('/api/')) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      reply.code(204).send();
      return;
    }
    done();
  });
};

export default fp(corsPlugin, { name: 'cors', fastify: '5.x' });
