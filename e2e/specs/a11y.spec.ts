import { expect, type Page, test } from '@playwright/test';
import { type AxeOptions, formatViolations, loginViaApi, runAxe, screenshot, watchPage } from '../fixtures';

// Independent read-only tests: they may run on either worker (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

// axe-core (WCAG 2.2 A/AA and best practices) on every page of SPEC §2, as a visitor and, for the
// logged-in pages, signed in; plus the popups and menus that open on top of them. No serious or
// critical violation is allowed.

interface PageCase {
  path: string;
  /** The page's <h1>: axe runs once it shows and the page's API calls are done. */
  heading: RegExp;
  axe?: AxeOptions;
}

// The third-party live-scores widget is not ours to fix (and is offline here).
const LIVESCORES_FRAME = 'iframe[src*="scorebat"]';

const PUBLIC_PAGES: PageCase[] = [
  { path: '/', heading: /^DO YOU WANT TODAY SOCCER TIPS\?$/i },
  { path: '/today-tips/premium', heading: /^TODAY PREMIUM TIPS$/i },
  { path: '/today-ai-tips', heading: /^TODAY AI TIPS$/i },
  { path: '/tipsters', heading: /^TOP TIPSTERS$/i },
  { path: '/tipster-statistics', heading: /^TIPSTER STATISTICS$/i },
  { path: '/livescores', heading: /^LIVESCORES$/i, axe: { exclude: [LIVESCORES_FRAME] } },
  { path: '/cart/checkout', heading: /^PAYMENTS$/i },
  { path: '/terms', heading: /^Terms and Conditions$/i },
  { path: '/privacy', heading: /^Privacy Policy$/i },
  { path: '/tipster-charter', heading: /^Tipster charter$/i },
  { path: '/tipster-tiers', heading: /^Tipster tiers$/i },
  { path: '/contact', heading: /^Contact us$/i },
  { path: '/about', heading: /^About us$/i },
  { path: '/login', heading: /^Member Login$/i },
  { path: '/register', heading: /^Member sign up$/i },
  { path: '/forgot-password', heading: /^Forgot password$/i },
  { path: '/reset-password/not-a-real-code', heading: /^Reset password$/i },
  { path: '/verify-email', heading: /^Email verification$/i },
  { path: '/verify-email/not-a-real-code', heading: /^Email verification$/i },
  { path: '/no-such-page', heading: /^Are you looking for/i },
];

const SIGNED_IN_PAGES: PageCase[] = [
  { path: '/dashboard', heading: /^Dashboard$/i },
  { path: '/buy-credits', heading: /^Buy credits$/i },
  { path: '/cart/checkout', heading: /^PAYMENTS$/i },
];

async function tipsterPath(page: Page): Promise<PageCase> {
  const response = await page.request.get('/api/tipsters?category=SENIOR&pageNumber=1&pageSize=1');
  const tipster = ((await response.json()) as { data: { id: number; name: string }[] }).data[0];
  return { path: `/tipster-profile/${tipster.id}`, heading: new RegExp(`^${tipster.name}$`, 'i') };
}

async function checkPage(page: Page, label: string, axe?: AxeOptions): Promise<void> {
  const violations = await runAxe(page, axe);
  if (violations.length > 0) await screenshot(page, `a11y-failed ${label}`);
  // The report as text: the failure message then reads as a list of rules and elements.
  expect.soft(formatViolations(violations), `serious or critical axe violations on ${label}`).toBe('');
}

async function visit(
  page: Page,
  watch: Awaited<ReturnType<typeof watchPage>>,
  pageCase: PageCase,
): Promise<void> {
  await page.goto(pageCase.path);
  await expect(page.getByRole('heading', { level: 1, name: pageCase.heading })).toBeVisible();
  await watch.apiIdle();
}

test.describe('desktop 1280px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every public page, as a visitor', async ({ page }) => {
    test.setTimeout(180_000);
    const watch = await watchPage(page);
    for (const pageCase of [...PUBLIC_PAGES, await tipsterPath(page)]) {
      await test.step(pageCase.path, async () => {
        await visit(page, watch, pageCase);
        await checkPage(page, `visitor ${pageCase.path}`, pageCase.axe);
      });
    }
  });

  test('the logged-in pages, signed in', async ({ page }) => {
    test.setTimeout(90_000);
    const watch = await watchPage(page);
    await loginViaApi(page, 'user');
    for (const pageCase of SIGNED_IN_PAGES) {
      await test.step(pageCase.path, async () => {
        await visit(page, watch, pageCase);
        await checkPage(page, `signed in ${pageCase.path}`, pageCase.axe);
      });
    }
    await test.step('account menu open', async () => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Account menu for / })
        .click();
      await expect(page.getByRole('button', { name: /^Logout$/i })).toBeVisible();
      await checkPage(page, 'account menu');
      await page.keyboard.press('Escape');
    });
    await test.step('edit profile dialog', async () => {
      await visit(page, watch, SIGNED_IN_PAGES[0]);
      await page.getByRole('button', { name: /^Edit Profile$/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkPage(page, 'edit profile dialog');
    });
  });

  test('popups: BUY NOW message and the language chooser', async ({ page }) => {
    const watch = await watchPage(page);
    await visit(page, watch, PUBLIC_PAGES[1]);
    await test.step('added-to-cart message', async () => {
      await page
        .getByRole('button', { name: /^BUY NOW\b/i })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Message' })).toBeVisible();
      await checkPage(page, 'added-to-cart message');
      await page.getByRole('button', { name: /^Continue$/i }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
    await test.step('language chooser', async () => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Change language/i })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkPage(page, 'language chooser');
    });
  });
});

test.describe('phone 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('home, tips and checkout, and the mobile menu', async ({ page }) => {
    const watch = await watchPage(page);
    for (const pageCase of [PUBLIC_PAGES[0], PUBLIC_PAGES[1], PUBLIC_PAGES[6]]) {
      await test.step(pageCase.path, async () => {
        await visit(page, watch, pageCase);
        await checkPage(page, `phone ${pageCase.path}`, pageCase.axe);
      });
    }
    await test.step('mobile menu open', async () => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Open menu$/i })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkPage(page, 'phone mobile menu');
    });
  });
});
