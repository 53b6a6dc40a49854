import { expect, test } from '@playwright/test';
import { watchPage } from '../fixtures';

// Issue #32.3 (mobile LCP ≤ 2.5 s under Lighthouse's slow-4G simulation): before a public page's
// first contentful paint the browser asks for nothing it could do without. The deployment's
// settings come in the HTML (no GET /api/config), the favicon and the hero's pitch drawing are in
// the page and the stylesheet (no request), and the page's lists and tables are asked for once
// that paint is on screen — and still arrive.

const PAGES = [
  { path: '/', data: /^\/api\/tips\?category=premium&/, shows: /TODAY PREMIUM TIPS/i },
  { path: '/today-tips', data: /^\/api\/tips\?/, shows: /Today tips/i },
  { path: '/tipsters', data: /^\/api\/tipsters\?/, shows: /Top tipsters/i },
  { path: '/tipster-statistics', data: /^\/api\/tipsters\/statistics$/, shows: /statistics/i },
] as const;

interface Loaded {
  fcp: number | null;
  requests: { path: string; startTime: number }[];
}

for (const { path, data, shows } of PAGES) {
  test(`${path}: nothing but the page itself before its first paint; its data after it`, async ({ page }) => {
    const watch = await watchPage(page);
    const pathOf = (url: string) => {
      const { pathname, search } = new URL(url);
      return pathname + search;
    };
    const dataAnswered = page.waitForResponse((response) => data.test(pathOf(response.url())));
    await page.goto(path);
    expect((await dataAnswered).status()).toBe(200);
    await expect(page.getByText(shows).first()).toBeVisible();
    await watch.apiIdle();

    const loaded = await page.evaluate<Loaded>(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      requests: performance.getEntriesByType('resource').map((entry) => {
        const url = new URL(entry.name);
        return { path: url.pathname + url.search, startTime: entry.startTime };
      }),
    }));
    const paths = loaded.requests.map((request) => request.path);
    expect(paths.filter((p) => p.startsWith('/api/config'))).toEqual([]);
    expect(paths.filter((p) => /favicon|pitch-lines/.test(p))).toEqual([]);

    expect(loaded.fcp).not.toBeNull();
    const pageData = loaded.requests.filter((request) => data.test(request.path));
    expect(pageData.length, `${path} asked for its data`).toBeGreaterThan(0);
    for (const request of pageData) {
      expect(
        request.startTime,
        `${request.path} started after the first contentful paint`,
      ).toBeGreaterThanOrEqual(loaded.fcp ?? Number.POSITIVE_INFINITY);
    }
    expect(await watch.report()).toEqual([]);
  });
}

test('the settings written into the page are the ones GET /api/config answers', async ({ page, request }) => {
  const config = await (await request.get('/api/config')).json();
  await page.goto('/login');
  const written = await page.locator('meta[name="public-config"]').getAttribute('content');
  expect(JSON.parse(written ?? 'null')).toEqual(config);
});

test("a tipster's profile: the tipster's details are asked for once, with the page's scripts", async ({
  page,
  request,
}) => {
  const listed = await (await request.get('/api/tipsters?pageNumber=1&pageSize=1')).json();
  const id: number = listed.data[0].id;
  const watch = await watchPage(page);
  await page.goto(`/tipster-profile/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: listed.data[0].name })).toBeVisible();
  await watch.apiIdle();
  const timing = await page.evaluate((path) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const reads = entries.filter((entry) => new URL(entry.name).pathname === path);
    const entry = entries.find((e) => /\/assets\/index-[\w-]+\.js$/.test(new URL(e.name).pathname));
    return { reads: reads.map((read) => read.startTime), entryScriptLoaded: entry?.responseEnd ?? null };
  }, `/api/tipsters/profile/${id}`);
  // The browser's preload answered the app's own request: one read, not two, and it began before
  // the app's entry script had even arrived.
  expect(timing.reads).toHaveLength(1);
  expect(timing.entryScriptLoaded).not.toBeNull();
  expect(timing.reads[0]).toBeLessThan(timing.entryScriptLoaded ?? 0);
  expect(await watch.report()).toEqual([]);
});
