import { expect, test } from '@playwright/test';

// Issue #32.3 (decision 202): React listens at its root for every animation event, so each pulsing
// bar of a loading placeholder was an `animationstart` event as the page's first frames were made,
// and an `animationiteration` every two seconds after: 80 on the home page, ~135 on the statistics
// page. A placeholder card pulses as one piece now.
// Decision 203: each element of a placeholder is a layout invalidation when the data replaces it,
// inside React's commit (60–85 ms tasks under Lighthouse's trace on the home page). A tip card's
// placeholder is drawn on one element and a ranking row's on three or four.

const PAGES = [
  // Two sections of four placeholder cards; data held back so the placeholders stay up.
  { path: '/', held: /\/api\/tips\?/, placeholders: 8, elementsEach: 3 },
  { path: '/today-tips', held: /\/api\/tips\?/, placeholders: 5, elementsEach: 3 },
  { path: '/tipsters', held: /\/api\/tipsters\?/, placeholders: 5, elementsEach: 13 },
  // Six tables of ten placeholder rows.
  { path: '/tipster-statistics', held: /\/api\/tipsters\/statistics$/, placeholders: 60, elementsEach: 5 },
] as const;

for (const { path, held, placeholders, elementsEach } of PAGES) {
  test(`${path}: while its data loads, each placeholder runs one animation, not one per bar`, async ({
    page,
  }) => {
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(held, async (route) => {
      await holding;
      await route.continue().catch(() => undefined);
    });
    await page.goto(path);
    await expect(page.locator('[aria-busy="true"]').first()).toBeAttached();
    await expect(page.locator('.animate-pulse').first()).toBeVisible();
    const running = await page.evaluate(() => document.getAnimations().length);
    // A few more may run elsewhere on the page (a live dot, a spinner); one per bar would be 5–10×.
    expect(running).toBeGreaterThanOrEqual(placeholders);
    expect(running).toBeLessThanOrEqual(placeholders + 4);
    // Elements inside the pulsing placeholders, with the list item or row that holds each.
    const elements = await page.evaluate(() =>
      [...document.querySelectorAll('.animate-pulse')].reduce(
        (sum, pulse) => sum + pulse.querySelectorAll('*').length + 2,
        0,
      ),
    );
    expect(elements).toBeLessThanOrEqual(placeholders * elementsEach + 12);
    release();
  });
}
