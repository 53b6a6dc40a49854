import { expect, test } from '@playwright/test';

// Issue #22.6: crawlers run no JavaScript, so the built server itself answers robots.txt and the
// sitemap and puts each public page's head into the HTML it sends (compressed or not).

test('robots.txt and the sitemap answer, and name the public pages and tipster profiles', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /api/');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('/today-tips</loc>');
  expect(xml).toMatch(/\/tipster-profile\/\d+<\/loc>/);
});

test("a public page's title, description and canonical come in the server's HTML", async ({ request }) => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    const response = await request.get('/tipsters', {
      headers: { accept: 'text/html', 'accept-encoding': encoding },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Top tipsters | TipsMarket</title>');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/tipsters" \/>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
  }
});
