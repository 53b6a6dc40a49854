import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { NotFoundFallback } from './error-handler';

/**
 * Serves the built web app (apps/web/dist) next to the API. Vite's hashed files under /assets/
 * are cached forever; everything else (index.html, locales) is revalidated on every use. Text
 * files are sent as the brotli or gzip copies the build wrote beside them (apps/web/scripts/
 * precompress.mjs), whichever the browser accepts, so a request costs no compression work.
 * A page path the server does not know (e.g. /today-tips/premium) gets index.html, so the
 * client-side router can render it: see `createSpaFallback`, wired into the not-found handler.
 */

export interface StaticWebOptions {
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)(\.br|\.gz)?$/;

/** The precompressed copy of index.html this request may get: brotli first, then gzip. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

const staticWebPlugin: FastifyPluginAsync<StaticWebOptions> = async (app, { distDir }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    // index.html is served by the fallback with the SPA's cache policy, also for '/'.
    index: false,
    redirect: false,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    // Directories ('/' included) are pages for the fallback, never listings or 403s.
    allowedPath: (pathName) => !isApiPath(pathName) && !pathName.endsWith('/'),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      // Caches must keep the brotli, gzip and plain copies of one URL apart.
      if (COMPRESSIBLE.test(relative)) reply.header('vary', 'accept-encoding');
    },
  });
};

export default fp(staticWebPlugin, { name: 'static-web', fastify: '5.x' });

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  // No Accept header at all (curl, some crawlers) is treated as a page request.
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

// A file name with an extension (/favicon.png, /assets/x.js) is a missing file, not a page.
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0];
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Tips Market</title></head>
<body>
<h1>Tips Market</h1>
<p>The API is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>) and reload this page. The API is under <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/** index.html for page navigations outside /api; a friendly page when the web is not built. */
export function createSpaFallback(distDir: string): NotFoundFallback {
  const indexFile = path.join(distDir, 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (isApiPath(request.url) || looksLikeFile(request.url) || !acceptsHtml(request)) return false;
    // Read on every request: cheap, and a rebuilt web app is picked up without a restart.
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) {
      const compressed = await readFile(`${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null);
      if (compressed) {
        reply.header('content-encoding', encoding);
        reply.send(compressed);
        return true;
      }
    }
    const html = await readFile(indexFile).catch(() => null);
    reply.send(html ?? NOT_BUILT_PAGE);
    return true;
  };
}
