import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, loginViaApi, screenshot, type WatchOptions, watchPage } from '../fixtures';

// Independent read-only tests: they may run on either worker (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

// SPEC §2's route table: every route renders its heading inside the shell's landmarks, as a
// visitor and signed in, on a phone (375 px) and a desktop (1280 px) screen, without uncaught
// errors, console errors or failing /api requests. Protected routes send visitors to /login with the
// history entry replaced; an unknown path shows the not-found page.

interface Tipster {
  id: number;
  name: string;
}

let tipster: Tipster | undefined;

async function someTipster(request: APIRequestContext): Promise<Tipster> {
  if (!tipster) {
    const response = await request.get('/api/tipsters?category=PREMIUM&pageNumber=1&pageSize=1');
    expect(response.status(), 'GET /api/tipsters').toBe(200);
    const first = ((await response.json()) as { data: Tipster[] }).data[0];
    expect(first, 'the demo seed has premium tipsters').toBeTruthy();
    tipster = first;
  }
  return tipster;
}

interface RouteCase {
  /** The route as the table writes it; also the test title. */
  route: string;
  /** The path visited (a function when it needs data). */
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** The page's one <h1>. */
  heading: RegExp | ((request: APIRequestContext) => Promise<RegExp>);
  /** Logged-in routes: a visitor lands on /login instead. */
  protected?: boolean;
  /** Visitor-only routes: a signed-in user lands on /dashboard instead (#21.7). */
  visitorOnly?: boolean;
  watch?: WatchOptions;
}

const tipsterHeading = async (request: APIRequestContext) =>
  new RegExp(`^${(await someTipster(request)).name}$`, 'i');

const ROUTES: RouteCase[] = [
  { route: '/', path: '/', heading: /^DO YOU WANT TODAY SOCCER TIPS\?$/i },
  { route: '/home', path: '/home', heading: /^DO YOU WANT TODAY SOCCER TIPS\?$/i },
  { route: '/today-tips', path: '/today-tips', heading: /^TODAY TIPS$/i },
  { route: '/today-tips/premium', path: '/today-tips/premium', heading: /^TODAY PREMIUM TIPS$/i },
  { route: '/today-tips/senior', path: '/today-tips/senior', heading: /^TODAY SENIOR TIPS$/i },
  { route: '/today-tips/other', path: '/today-tips/other', heading: /^TODAY TIPS$/i },
  { route: '/today-ai-tips', path: '/today-ai-tips', heading: /^TODAY AI TIPS$/i },
  { route: '/tipsters', path: '/tipsters', heading: /^TOP TIPSTERS$/i },
  { route: '/tipsters/premium', path: '/tipsters/premium', heading: /^TOP PREMIUM TIPSTERS$/i },
  { route: '/tipsters/senior', path: '/tipsters/senior', heading: /^TOP SENIOR TIPSTERS$/i },
  {
    route: '/tipster-profile/:tipsterId',
    path: async (request) => `/tipster-profile/${(await someTipster(request)).id}`,
    heading: tipsterHeading,
  },
  {
    route: '/tipster/:tipsterId',
    path: async (request) => `/tipster/${(await someTipster(request)).id}`,
    heading: tipsterHeading,
  },
  { route: '/tipster-statistics', path: '/tipster-statistics', heading: /^TIPSTER STATISTICS$/i },
  { route: '/livescores', path: '/livescores', heading: /^LIVESCORES$/i },
  { route: '/cart/checkout', path: '/cart/checkout', heading: /^PAYMENTS$/i },
  { route: '/terms', path: '/terms', heading: /^Terms and Conditions$/i },
  { route: '/privacy', path: '/privacy', heading: /^Privacy Policy$/i },
  { route: '/contact', path: '/contact', heading: /^Contact us$/i },
  { route: '/about', path: '/about', heading: /^About us$/i },
  { route: '/login', path: '/login', heading: /^Member Login$/i, visitorOnly: true },
  { route: '/register', path: '/register', heading: /^Member sign up$/i, visitorOnly: true },
  { route: '/forgot-password', path: '/forgot-password', heading: /^Forgot password$/i },
  { route: '/reset-password', path: '/reset-password', heading: /^Reset password$/i },
  { route: '/reset-password/:code', path: '/reset-password/not-a-real-code', heading: /^Reset password$/i },
  { route: '/verify-email', path: '/verify-email', heading: /^Email verification$/i },
  {
    route: '/verify-email/:code',
    path: '/verify-email/not-a-real-code',
    heading: /^Email verification$/i,
    // The page verifies the code on load; a made-up code is refused (and the page says so).
    watch: { allowApiFailures: [{ path: /^\/api\/users\/email$/, status: 400 }] },
  },
  { route: '/dashboard', path: '/dashboard', heading: /^Dashboard$/i, protected: true },
  { route: '/buy-credits', path: '/buy-credits', heading: /^Buy credits$/i, protected: true },
  {
    route: 'any other path',
    path: '/no-such-page/at-all',
    heading: /^Are you looking for \/no-such-page\/at-all$/i,
  },
];

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

/** A client-side navigation, as the app's own links make it. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The page's <h1> shows; then the shell's landmarks, read in one round trip. */
async function expectShell(page: Page, heading: RegExp): Promise<void> {
  await expect.soft(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The footer renders right after the first frame (the header and the top of the page come first).
  await expect.soft(page.getByRole('contentinfo')).toBeAttached();
  const shell = await page.evaluate(() => {
    // <header>/<footer> are banner/contentinfo landmarks unless inside sectioning content (HTML-AAM).
    const landmark = (tag: string, role: string) =>
      [...document.querySelectorAll(`${tag}, [role="${role}"]`)].filter(
        (element) =>
          element.getAttribute('role') === role ||
          !element.parentElement?.closest('article, aside, main, nav, section, [role="main"]'),
      ).length;
    return {
      h1Count: document.querySelectorAll('h1').length,
      banner: landmark('header', 'banner'),
      main: document.querySelectorAll('main, [role="main"]').length,
      contentinfo: landmark('footer', 'contentinfo'),
    };
  });
  expect.soft(shell, 'one <h1> and one banner, main and contentinfo landmark').toEqual({
    h1Count: 1,
    banner: 1,
    main: 1,
    contentinfo: 1,
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const signedIn of [false, true]) {
      const who = signedIn ? 'signed in' : 'visitor';

      // One page visits every route in turn (a warm HTTP cache, like a real visit); each route is a
      // step with soft assertions, so one broken page does not hide the others. The visitor loads
      // each route as a deep link (the server's SPA fallback, the redirects on load); the signed-in
      // user moves between them inside the running app (lazy routes, the session across screens).
      test(`every route, ${who}`, async ({ page, request }) => {
        test.setTimeout(ROUTES.length * 8_000);
        const watch = await watchPage(page);
        if (signedIn) await loginViaApi(page, 'user');

        for (const routeCase of ROUTES) {
          const redirects = routeCase.protected && !signedIn;
          const title = `${routeCase.route}${redirects ? ' → /login' : ''}`;
          await test.step(title, async () => {
            watch.allowApiFailures(routeCase.watch?.allowApiFailures ?? []);
            const path = typeof routeCase.path === 'string' ? routeCase.path : await routeCase.path(request);
            const heading =
              typeof routeCase.heading === 'function' ? await routeCase.heading(request) : routeCase.heading;
            if (redirects) {
              // Arrive from another page, so that "back" shows whether the protected page stayed in the history.
              await page.goto('/terms');
              await expectShell(page, /^Terms and Conditions$/i);
              await page.goto(path);
              await expect.soft(page).toHaveURL(/\/login$/);
              await expectShell(page, /^Member Login$/i);
              await watch.apiIdle();
              await screenshot(page, `routes ${viewport.width} ${who} ${routeCase.route}`, { type: 'jpeg' });
              await page.goBack();
              await expect.soft(page, 'the protected page was replaced in the history').toHaveURL(/\/terms$/);
              await expectShell(page, /^Terms and Conditions$/i);
            } else {
              if (signedIn && page.url().startsWith('http')) {
                await navigateInApp(page, path);
              } else {
                const response = await page.goto(path);
                expect.soft(response?.status(), 'the SPA answers the document request').toBe(200);
              }
              if (signedIn && routeCase.visitorOnly) {
                await expect.soft(page).toHaveURL(/\/dashboard$/);
                await expectShell(page, /^Dashboard$/i);
              } else {
                await expect.soft(page).toHaveURL(new URL(path, page.url()).href);
                await expectShell(page, heading);
              }
              if (signedIn) await expect.soft(accountMenu(page), 'the signed-in header').toBeVisible();
              else await expect.soft(accountMenu(page), 'the visitor header').toHaveCount(0);
              await watch.apiIdle({ quietMs: 200 });
              expect.soft(await horizontalOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
              await screenshot(page, `routes ${viewport.width} ${who} ${routeCase.route}`, { type: 'jpeg' });
            }
            expect.soft(await watch.take(), `errors while ${path} rendered`).toEqual([]);
          });
        }
      });
    }

    test('a visitor following an in-app link to a protected route lands on /login, history replaced', async ({
      page,
    }) => {
      const watch = await watchPage(page);
      await page.goto('/about');
      await expectShell(page, /^About us$/i);
      await navigateInApp(page, '/buy-credits');
      await expect(page).toHaveURL(/\/login$/);
      await expectShell(page, /^Member Login$/i);
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
      await expectShell(page, /^About us$/i);
      await watch.apiIdle();
      expect(await watch.report()).toEqual([]);
    });
  });
}
