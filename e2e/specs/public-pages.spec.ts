import { type APIRequestContext, expect, test } from '@playwright/test';
import { horizontalOverflow, localeUrl, screenshot, watchPage } from '../fixtures';

// Independent read-only tests: they may run on either worker (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

// The public side of SPEC §2 in Chromium: every public route at tablet and wide
// widths (screenshots under e2e/artifacts/public-*), without horizontal overflow, errors or failing
// API calls; then the flows a visitor goes through: filters applied on APPLY, Load more, BUY NOW →
// Message → Checkout, the records modal, follow as a visitor, SUBSCRIBE, the not-found columns and
// the contact form's email rule.

// Phone (375) and desktop (1280) widths are routes.spec's: it visits every route at both, overflow
// included. This file adds the tablet and wide layouts in between and beyond.
const WIDTHS = [768, 1600] as const;

interface PublicRoute {
  name: string;
  path: (request: APIRequestContext) => Promise<string> | string;
  heading: RegExp;
  /** A list page shows this many cards once loaded (at least one). */
  cards?: boolean;
}

async function firstTipster(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const response = await request.get('/api/tipsters?category=premium&pageNumber=1&pageSize=1');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number; name: string }[] }).data[0];
}

const ROUTES: PublicRoute[] = [
  { name: 'home', path: () => '/', heading: /DO YOU WANT TODAY SOCCER TIPS\?/i, cards: true },
  { name: 'today-tips', path: () => '/today-tips', heading: /^TODAY TIPS$/i, cards: true },
  {
    name: 'today-tips-premium',
    path: () => '/today-tips/premium',
    heading: /^TODAY PREMIUM TIPS$/i,
    cards: true,
  },
  { name: 'today-ai-tips', path: () => '/today-ai-tips', heading: /^TODAY AI TIPS$/i, cards: true },
  { name: 'tipsters', path: () => '/tipsters', heading: /^TOP TIPSTERS$/i, cards: true },
  { name: 'tipsters-senior', path: () => '/tipsters/senior', heading: /^TOP SENIOR TIPSTERS$/i, cards: true },
  {
    name: 'tipster-profile',
    path: async (request) => `/tipster-profile/${(await firstTipster(request)).id}`,
    heading: /.+/,
  },
  { name: 'tipster-statistics', path: () => '/tipster-statistics', heading: /^TIPSTER STATISTICS$/i },
  { name: 'livescores', path: () => '/livescores', heading: /^LIVESCORES$/i },
  { name: 'terms', path: () => '/terms', heading: /^Terms and Conditions$/i },
  { name: 'privacy', path: () => '/privacy', heading: /^Privacy Policy$/i },
  { name: 'about', path: () => '/about', heading: /^About us$/i },
  { name: 'contact', path: () => '/contact', heading: /^Contact us$/i },
  {
    name: 'not-found',
    path: () => '/no/such/page',
    heading: /^Are you looking for \/no\/such\/page$/i,
    cards: true,
  },
];

test.describe('public pages at every width', () => {
  for (const route of ROUTES) {
    for (const width of WIDTHS) {
      test(`${route.name} at ${width} px`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        const watch = await watchPage(page);
        await page.goto(await route.path(request));
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
        if (route.cards) await expect(page.getByRole('article').first()).toBeVisible();
        await watch.apiIdle();
        expect(await horizontalOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
        await screenshot(page, `public ${route.name} ${width}`);
        expect(await watch.report()).toEqual([]);
        watch.stop();
      });
    }
  }
});

test.describe('public flows', () => {
  test('today tips: filters apply only on APPLY, and Load more appends the next page', async ({ page }) => {
    await page.goto('/today-tips');
    const total = page.getByRole('heading', { name: /^TODAY ACTIVE TIPS: \d+$/ });
    await expect(total).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);

    const filters = page.getByRole('form', { name: 'Filters' });
    if (!(await filters.isVisible())) await page.getByRole('button', { name: /Filters/ }).click();
    let tipRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tips') tipRequests += 1;
    });
    await filters.getByText('Premium', { exact: true }).click();
    await filters.getByRole('spinbutton', { name: 'Max', exact: true }).fill('500');
    await page.waitForTimeout(300);
    expect(tipRequests, 'editing the panel sends nothing').toBe(0);
    await expect(page).toHaveURL(/\/today-tips$/);

    await filters.getByRole('button', { name: 'APPLY' }).click();
    await expect(page).toHaveURL(/\/today-tips\/premium\?maxPrice=500$/);
    await expect(page.getByRole('heading', { level: 1, name: 'TODAY PREMIUM TIPS' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    for (const price of await page
      .getByRole('article')
      .getByText(/^\$\d+\.\d\d$/)
      .allTextContents()) {
      expect(Number(price.slice(1))).toBeLessThanOrEqual(500);
    }

    await page.goto('/today-tips');
    await expect(page.getByRole('article')).toHaveCount(5);
    await page.getByRole('button', { name: 'Load more...' }).click();
    await expect(page.getByRole('article')).toHaveCount(10);
  });

  test('BUY NOW puts the tip in the cart and the Message popup leads to checkout', async ({ page }) => {
    await page.goto('/today-tips/premium');
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: /BUY NOW/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Message' });
    await expect(dialog).toContainText('The tip was added to your cart.');
    await screenshot(page, 'public buy-now popup', { fullPage: false });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: /Tips in cart: 1/ })).toBeVisible();

    await card.getByRole('button', { name: /BUY NOW/ }).click();
    await page
      .getByRole('dialog', { name: 'Message' })
      .getByRole('button', { name: /Checkout/ })
      .click();
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.tipIds),
    ).toHaveLength(1);
  });

  test('tipster profile: bio toggle, chart and the records modal with its filters', async ({
    page,
    request,
  }) => {
    const tipster = await firstTipster(request);
    await page.goto(`/tipster/${tipster.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tipster.name })).toBeVisible();
    const readMore = page.getByRole('button', { name: 'Read more...' });
    if (await readMore.isVisible()) {
      await readMore.click();
      await expect(page.getByRole('button', { name: 'Show less' })).toBeVisible();
    }
    await expect(page.getByRole('figure')).toContainText('units');

    await page.getByRole('button', { name: /Tipster Records/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Tipster Records' });
    await expect(dialog.getByText(/^Settled tips: \d+$/)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(5);
    const recordsRequest = page.waitForRequest((req) => req.url().includes('/api/tipsters/records/'));
    await dialog.getByRole('combobox', { name: 'Period' }).selectOption('1');
    const url = new URL((await recordsRequest).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      pageNumber: '1',
      pageSize: '5',
      month: '1',
    });
    await screenshot(page, 'public records modal', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('FOLLOW sends a visitor to /login', async ({ page }) => {
    await page.goto('/tipsters');
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /FOLLOW/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('AI tips: SUBSCRIBE only above id 1, and it opens the popup', async ({ page }) => {
    await page.goto('/today-ai-tips');
    const cards = page.getByRole('region', { name: "Today's AI tips" }).getByRole('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0).getByRole('button', { name: /SUBSCRIBE/ })).toHaveCount(0);
    await expect(cards.nth(0).locator('img')).toHaveAttribute('src', '/api/users/profile-images/ai1.webp');
    await expect(cards.nth(3).locator('img')).toHaveAttribute('src', '/api/users/profile-images/ai3.webp');
    await cards
      .nth(1)
      .getByRole('button', { name: /SUBSCRIBE/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Message' })).toBeVisible();
  });

  test('contact: nothing is sent while the email does not look like one', async ({ page }) => {
    await page.goto('/contact');
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/contact') sent += 1;
    });
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Name').fill('Ada');
    await field('Email').fill('ada-at-example');
    await field('Subject').fill('Question');
    await field('Message').fill('When are premium tips published?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForTimeout(300);
    expect(sent).toBe(0);
    await field('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message sent')).toBeVisible();
    expect(sent).toBe(1);
  });

  test('right-to-left pages for Arabic', async ({ page }) => {
    await page.goto(localeUrl('ar-ae', '/today-tips'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('article').first()).toBeVisible();
    await screenshot(page, 'public today-tips ar-ae 1280');
  });
});
