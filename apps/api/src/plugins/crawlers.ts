import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { PublicConfig } from '@tips/contract/public-config.schemas';
import { isLanguage } from '@tips/contract/rules';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What crawlers get from a site that renders on the client only (issue #22, item 6):
 * /robots.txt, /sitemap.xml of the public pages (every tipster profile included), and in the HTML
 * the server sends for each public page its own <title>, description and canonical address, so a
 * crawler that runs no JavaScript still reads what the page is. Pages that are not public (the
 * account, the back office, unknown paths) are marked noindex.
 */

export interface PublicTipster {
  id: number;
  name: string;
}

export interface CrawlersOptions {
  publicUrl: string;
  /** The built web app: its route-chunks.json names the scripts of each page (decision 122). */
  webDistDir?: string;
  listTipsters: () => Promise<PublicTipster[]>;
  findTipster: (id: number) => Promise<PublicTipster | null>;
  /** What GET /api/config answers: written into every page, so the app need not ask for it. */
  publicConfig?: PublicConfig;
}

interface PageHead {
  title: string;
  description: string;
  /** The page's canonical path; null = noindex. */
  canonicalPath: string | null;
  /**
   * API reads the page's first paint waits for, fetched with the scripts rather than after them:
   * a tipster's profile shows the tipster's details at its top, and asking for them only once the
   * scripts had run put a slow-4G round trip before its LCP (issue #32.3). A visitor's read; the app
   * of a signed-in reader sends its token and asks again, which the browser does not match to this.
   */
  dataPreloads?: string[];
}

const BRAND = 'TipsMarket';

/** The public pages, by path: what the sitemap lists and the head says. */
export const PUBLIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': {
    title: `${BRAND} – Today soccer tips from verified tipsters`,
    description:
      "Today's football tips from tipsters whose every result is settled from real match results: free, premium and AI tips.",
  },
  '/today-tips': {
    title: `Today tips | ${BRAND}`,
    description:
      "Every football tip published for today's matches, with odds, market and the tipster's record.",
  },
  '/today-tips/premium': {
    title: `Today premium tips | ${BRAND}`,
    description: "Today's premium football tips from tipsters with a settled record.",
  },
  '/today-tips/senior': {
    title: `Today senior tips | ${BRAND}`,
    description: "Today's football tips from senior tipsters.",
  },
  '/today-ai-tips': {
    title: `Today AI tips | ${BRAND}`,
    description: "Today's football picks from the AI models, sold by plan.",
  },
  '/tipsters': {
    title: `Top tipsters | ${BRAND}`,
    description: 'Football tipsters ranked by their settled results: wins, losses and profit in units.',
  },
  '/tipsters/premium': {
    title: `Top premium tipsters | ${BRAND}`,
    description: 'Premium football tipsters ranked by their settled results.',
  },
  '/tipster-statistics': {
    title: `Tipster statistics | ${BRAND}`,
    description: 'The tipster rankings: profit, win rate and form, computed from settled tips.',
  },
  '/livescores': {
    title: `Live scores | ${BRAND}`,
    description: 'Live football scores.',
  },
  '/about': {
    title: `About us | ${BRAND}`,
    description: `What ${BRAND} is and how tipsters' records are kept.`,
  },
  '/contact': { title: `Contact us | ${BRAND}`, description: `Write to the ${BRAND} team.` },
  '/terms': { title: `Terms and Conditions | ${BRAND}`, description: `The terms of using ${BRAND}.` },
  '/privacy': { title: `Privacy Policy | ${BRAND}`, description: `How ${BRAND} handles personal data.` },
  '/tipster-charter': {
    title: `Tipster charter | ${BRAND}`,
    description:
      'The rules every tipster accepts: locked picks, no deleting, one account, no copying, staying active.',
  },
  '/tipster-tiers': {
    title: `Tipster tiers | ${BRAND}`,
    description:
      'How tipsters move between Novice, Senior and Premium by their verified record, and the price each tier may ask.',
  },
};

const TIPSTER_PAGE = /^\/tipster(?:-profile)?\/(\d{1,9})$/;

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const escapeXml = escapeHtml;

/** The address of `path` on the site the request came to: its language subdomain of PUBLIC_URL. */
function canonicalUrl(publicUrl: string, request: FastifyRequest, path: string): string {
  const url = new URL(path, publicUrl);
  const label = (request.hostname ?? '').split('.')[0]?.toLowerCase();
  if (label && label !== 'en' && isLanguage(label)) url.hostname = `${label}.${url.hostname}`;
  return url.toString();
}

async function headFor(path: string, options: CrawlersOptions): Promise<PageHead> {
  const page = PUBLIC_PAGES[path];
  if (page) return { ...page, canonicalPath: path };
  const tipster = TIPSTER_PAGE.exec(path);
  if (tipster) {
    const found = await options.findTipster(Number(tipster[1]));
    if (found)
      return {
        title: `${found.name} – tipster profile | ${BRAND}`,
        description: `${found.name}'s football tips and settled record on ${BRAND}.`,
        canonicalPath: `/tipster-profile/${found.id}`,
        dataPreloads: [`/api/tipsters/profile/${found.id}`],
      };
  }
  return { title: PUBLIC_PAGES['/'].title, description: PUBLIC_PAGES['/'].description, canonicalPath: null };
}

/** A page of the web app's router and the scripts it loads beyond the entry's. */
export interface RouteChunks {
  pattern: RegExp;
  files: string[];
}

/** `tipsters/:category?` → a RegExp for the paths React Router gives that page. */
export function routePattern(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The web build's page table (apps/web/vite.config.ts `routeChunks`), in the router's order; empty
 * when there is no build (tests, the Vite dev server), and then no page gets a preload.
 */
export function readRouteChunks(webDistDir: string | undefined): RouteChunks[] {
  if (!webDistDir) return [];
  try {
    const table = JSON.parse(readFileSync(join(webDistDir, 'route-chunks.json'), 'utf8')) as Array<{
      path: string;
      files: string[];
    }>;
    return table.map((route) => ({ pattern: routePattern(route.path), files: route.files }));
  } catch {
    return [];
  }
}

/** The scripts of the page at `path`: the first route that matches, as the router picks it. */
export function chunksForPath(routes: readonly RouteChunks[], path: string): string[] {
  return routes.find((route) => route.pattern.test(path))?.files ?? [];
}

/**
 * The name of the meta tag that carries the site's public origin (PUBLIC_URL, on the request's
 * language subdomain) to the web app: the app builds its canonical links from it after it
 * navigates, never from the address in the browser, which may be another name for the site
 * (issue #32, decision 120).
 */
export const PUBLIC_ORIGIN_META = 'public-origin';

/**
 * The meta tag that carries GET /api/config's answer in the page (apps/web/src/lib/public-config.ts
 * reads it). On a phone the request for it was the last thing before the first paint: the app
 * asked for it only once its scripts had run, and under Lighthouse's slow-4G simulation that round
 * trip added ~150 ms to every page's LCP (issue #32.3). An attribute, not an inline script: the CSP
 * allows none.
 */
export const PUBLIC_CONFIG_META = 'public-config';

/**
 * index.html with the page's own head: title replaced, description, the public origin and the
 * canonical (or noindex) added.
 */
export function withPageHead(
  html: string,
  head: PageHead,
  canonical: string | null,
  publicOrigin: string,
  scripts: readonly string[] = [],
  publicConfig?: PublicConfig,
): string {
  const tags = [
    // The page's own scripts, fetched with the entry rather than after it has run.
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    ...(head.dataPreloads ?? []).map(
      (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`,
    ),
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta name="${PUBLIC_ORIGIN_META}" content="${escapeHtml(publicOrigin)}" />`,
    ...(publicConfig
      ? [`<meta name="${PUBLIC_CONFIG_META}" content="${escapeHtml(JSON.stringify(publicConfig))}" />`]
      : []),
    canonical
      ? `<link rel="canonical" href="${escapeHtml(canonical)}" />`
      : '<meta name="robots" content="noindex" />',
  ].join('\n    ');
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  return titled.replace('</head>', `    ${tags}\n  </head>`);
}

const crawlersPlugin: FastifyPluginAsync<CrawlersOptions> = async (app, options) => {
  const routeChunks = readRouteChunks(options.webDistDir);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /admin',
      'Disallow: /tipster',
      'Allow: /tipsters',
      'Allow: /tipster-profile/',
      'Allow: /tipster-statistics',
      '',
      `Sitemap: ${new URL('/sitemap.xml', options.publicUrl)}`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const tipsters = await options.listTipsters();
    const paths = [...Object.keys(PUBLIC_PAGES), ...tipsters.map((t) => `/tipster-profile/${t.id}`)];
    const urls = paths.map(
      (p) => `  <url><loc>${escapeXml(canonicalUrl(options.publicUrl, request, p))}</loc></url>`,
    );
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });

  // The SPA fallback answers every page navigation with index.html: give it the page's head.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // index.html usually leaves as the build's brotli or gzip copy (static-web.ts): open it, add
    // the head and close it again the same way (a few KB: well under a millisecond).
    const encoding = String(reply.getHeader('content-encoding') ?? '');
    const html = decode(payload, encoding);
    if (html === null || !html.includes('<div id="root">')) return payload;
    const path = (request.url.split('?')[0] || '/').replace(/\/+$/, '') || '/';
    const head = await headFor(path, options);
    const canonical = head.canonicalPath
      ? canonicalUrl(options.publicUrl, request, head.canonicalPath)
      : null;
    const publicOrigin = new URL(canonicalUrl(options.publicUrl, request, '/')).origin;
    const scripts = chunksForPath(routeChunks, path);
    return encode(withPageHead(html, head, canonical, publicOrigin, scripts, options.publicConfig), encoding);
  });
};

function decode(payload: string | Buffer, encoding: string): string | null {
  if (typeof payload === 'string') return payload;
  if (encoding === 'br') return brotliDecompressSync(payload).toString();
  if (encoding === 'gzip') return gunzipSync(payload).toString();
  return encoding === '' ? payload.toString() : null;
}

function encode(html: string, encoding: string): string | Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

export default fp(crawlersPlugin, { name: 'crawlers', fastify: '5.x' });
