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
    // Issue #32: the page's own chunk comes with the entry, not after it has run.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/tipsters-[\w-]+\.js" \/>/);
  }
});

// Issue #32: one canonical per page, from PUBLIC_URL (here the server's default, http://localhost:PORT),
// in the HTML the server sends and after the app navigates, whichever name the site is reached under.
test('one canonical per page, from PUBLIC_URL, under two host names and after navigating', async ({
  page,
  baseURL,
}) => {
  const publicUrl = new URL(baseURL ?? '').origin;
  const port = new URL(publicUrl).port;
  for (const origin of [publicUrl, `http://127.0.0.1:${port}`]) {
    const sent = await (
      await page.request.get(`${origin}/tipsters`, { headers: { accept: 'text/html' } })
    ).text();
    expect(sent.match(/rel="canonical"/g), origin).toHaveLength(1);
    expect(sent).toContain(`<link rel="canonical" href="${publicUrl}/tipsters" />`);

    await page.goto(`${origin}/tipsters`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const canonicals = page.locator('link[rel="canonical"]');
    await expect(canonicals).toHaveCount(1);
    await expect(canonicals).toHaveAttribute('href', `${publicUrl}/tipsters`);

    // A navigation inside the app (no new document): the same one link, moved to the new page.
    await page.locator('footer').getByRole('link', { name: 'Tipster statistics', exact: true }).click();
    await expect(page).toHaveURL(`${origin}/tipster-statistics`);
    await expect(canonicals).toHaveAttribute('href', `${publicUrl}/tipster-statistics`);
    await expect(canonicals).toHaveCount(1);
  }
});
