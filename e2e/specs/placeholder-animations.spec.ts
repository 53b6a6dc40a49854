import { expect, test } from '@playwright/test';

// Issue #32.3 (decision 202): React listens at its root for every animation event, so each pulsing
// bar of a loading placeholder was an `animationstart` event as the page's first frames were made,
// and an `animationiteration` every two seconds after: 80 on the home page, ~135 on the statistics
// page. A placeholder card pulses as one piece now.

const PAGES = [
  // Two sections of four placeholder cards; data held back so the placeholders stay up.
  { path: '/', held: /\/api\/tips\?/, placeholders: 8 },
  { path: '/today-tips', held: /\/api\/tips\?/, placeholders: 5 },
  { path: '/tipsters', held: /\/api\/tipsters\?/, placeholders: 5 },
  // Six tables of ten placeholder rows.
  { path: '/tipster-statistics', held: /\/api\/tipsters\/statistics$/, placeholders: 60 },
] as const;

for (const { path, held, placeholders } of PAGES) {
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
    release();
  });
}
