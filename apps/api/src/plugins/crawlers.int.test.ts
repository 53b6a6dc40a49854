import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTipster } from '../db/seed/factories';

// Crawlers run no JavaScript: robots.txt, the sitemap and each public page's head come from the
// server (issue #22, item 6).

const INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <title>TipsMarket – Today soccer tips from verified tipsters</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let tipsterId: number;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'tips-web-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  // The build writes these beside it (apps/web/scripts/precompress.mjs); crawlers accept them too.
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  // What the web build writes beside it (apps/web/vite.config.ts `routeChunks`), in the router's order.
  writeFileSync(
    path.join(dist, 'route-chunks.json'),
    JSON.stringify([
      { path: '', files: [] },
      { path: 'tipsters/:category?', files: ['/assets/tipsters-a1.js', '/assets/http-b2.js'] },
      { path: 'tipster-profile/:tipsterId', files: ['/assets/tipster-profile-c3.js'] },
      { path: 'tipster-profile/:tipsterId/verify', files: ['/assets/record-verify-d4.js'] },
      { path: '*', files: ['/assets/not-found-e5.js'] },
    ]),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://tips.example' } });
  tipsterId = (await createTipster(t.database.db, { name: 'Ana <script>alert(1)</script> Silva' })).id;
});
afterAll(() => t.close());

const page = (url: string, host = 'tips.example') =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } });

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of the API and the account, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Sitemap: https://tips.example/sitemap.xml');
  });

  it('the sitemap lists the public pages and every tipster profile', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'tips.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain('<loc>https://tips.example/tipsters</loc>');
    expect(response.body).toContain('<loc>https://tips.example/today-tips</loc>');
    expect(response.body).toContain(`<loc>https://tips.example/tipster-profile/${tipsterId}</loc>`);
    expect(response.body).not.toContain('/dashboard');
  });
});

describe('the head of each page, in the HTML the server sends', () => {
  it('a public page: its own title, description and canonical address', async () => {
    const response = await page('/tipsters?x=1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Top tipsters | TipsMarket</title>');
    expect(response.body).toMatch(/<meta name="description" content="[^"]+ranked[^"]*" \/>/);
    expect(response.body).toContain('<link rel="canonical" href="https://tips.example/tipsters" />');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('the tipster charter and the tier rules have their own titles and are in the sitemap', async () => {
    for (const [path, title] of [
      ['/tipster-charter', 'Tipster charter | TipsMarket'],
      ['/tipster-tiers', 'Tipster tiers | TipsMarket'],
    ]) {
      const response = await page(path);
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain(`<link rel="canonical" href="https://tips.example${path}" />`);
    }
    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'tips.example' },
    });
    expect(sitemap.body).toContain('<loc>https://tips.example/tipster-tiers</loc>');
    expect(sitemap.body).toContain('<loc>https://tips.example/tipster-charter</loc>');
  });

  it('also when the page leaves as the brotli or gzip copy', async () => {
    for (const [encoding, open] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/tipsters',
        headers: { accept: 'text/html', host: 'tips.example', 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      const html = open(response.rawPayload).toString();
      expect(html).toContain('<title>Top tipsters | TipsMarket</title>');
      expect(html).toContain('<link rel="canonical" href="https://tips.example/tipsters" />');
    }
  });

  it("a tipster's profile: the tipster's name, escaped, and one canonical address for both paths", async () => {
    for (const url of [`/tipster-profile/${tipsterId}`, `/tipster/${tipsterId}`]) {
      const response = await page(url);
      expect(response.body).toContain(
        '<title>Ana &lt;script&gt;alert(1)&lt;/script&gt; Silva – tipster profile | TipsMarket</title>',
      );
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).toContain(
        `<link rel="canonical" href="https://tips.example/tipster-profile/${tipsterId}" />`,
      );
    }
  });

  it('a language subdomain is canonical on its own subdomain', async () => {
    const response = await page('/tipsters', 'de.tips.example');
    expect(response.body).toContain('<link rel="canonical" href="https://de.tips.example/tipsters" />');
  });

  it('reached under another host name, the page still names PUBLIC_URL, once (issue #32)', async () => {
    const response = await page('/tipsters', 'tips-mirror.example:8080');
    expect(response.body.match(/rel="canonical"/g)).toHaveLength(1);
    expect(response.body).toContain('<link rel="canonical" href="https://tips.example/tipsters" />');
    // The origin the web app builds its canonical links from after it navigates.
    expect(response.body).toContain('<meta name="public-origin" content="https://tips.example" />');
    const german = await page('/tipsters', 'de.tips-mirror.example');
    expect(german.body).toContain('<meta name="public-origin" content="https://de.tips.example" />');
  });

  it("preloads each page's own scripts, as the router picks the page (issue #32)", async () => {
    const preloads = async (url: string) =>
      [...(await page(url)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
        (m) => m[1],
      );
    expect(await preloads('/tipsters')).toEqual(['/assets/tipsters-a1.js', '/assets/http-b2.js']);
    expect(await preloads('/tipsters/premium?x=1')).toEqual(['/assets/tipsters-a1.js', '/assets/http-b2.js']);
    expect(await preloads(`/tipster-profile/${tipsterId}`)).toEqual(['/assets/tipster-profile-c3.js']);
    expect(await preloads(`/tipster-profile/${tipsterId}/verify`)).toEqual(['/assets/record-verify-d4.js']);
    expect(await preloads('/no/such/page')).toEqual(['/assets/not-found-e5.js']);
    expect(await preloads('/')).toEqual([]);
  });

  it("a tipster's profile asks for the tipster's details with its scripts, not after them (issue #32)", async () => {
    const dataPreloads = async (url: string) =>
      [
        ...(await page(url)).body.matchAll(
          /<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)" \/>/g,
        ),
      ].map((m) => m[1]);
    expect(await dataPreloads(`/tipster-profile/${tipsterId}`)).toEqual([
      `/api/tipsters/profile/${tipsterId}`,
    ]);
    expect(await dataPreloads(`/tipster/${tipsterId}`)).toEqual([`/api/tipsters/profile/${tipsterId}`]);
    for (const url of ['/tipster-profile/999999', `/tipster-profile/${tipsterId}/verify`, '/tipsters', '/']) {
      expect(await dataPreloads(url), url).toEqual([]);
    }
  });

  it('every page carries what GET /api/config answers, so the app need not ask before its first paint (issue #32)', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    for (const url of ['/', '/login', '/dashboard', `/tipster-profile/${tipsterId}`]) {
      const written = /<meta name="public-config" content="([^"]*)" \/>/.exec((await page(url)).body)?.[1];
      expect(written, url).toBeDefined();
      const unescaped = (written ?? '')
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
      expect(JSON.parse(unescaped), url).toEqual(config);
    }
  });

  it('private or unknown pages are not indexed', async () => {
    for (const url of ['/dashboard', '/no/such/page', '/tipster-profile/999999']) {
      const response = await page(url);
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(response.body, url).not.toContain('rel="canonical"');
    }
  });
});
