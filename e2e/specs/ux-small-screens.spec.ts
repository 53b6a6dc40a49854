import { expect, test } from '@playwright/test';
import { localeUrl, loginViaApi, screenshot } from '../fixtures';

// #21.6: at 375 px nothing is cut off or covered, in the languages with the longest words and in
// right-to-left Arabic. Each test fails on the main branch before #21.

test.use({ viewport: { width: 375, height: 800 } });

for (const language of ['de', 'ar-ae', 'es', 'pt', 'fr', 'ru']) {
  test(`the statistics tables show every column at 375 px (${language})`, async ({ page }) => {
    // The rankings are held back at first, so the loading placeholders are checked as surely as the
    // figures that replace them (one request fills every table).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tipsters/statistics', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(localeUrl(language, '/tipster-statistics'));
    const tables = page.getByRole('table');
    const clipped = () =>
      tables.evaluateAll((all) =>
        all
          .map((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0))
          .filter((px) => px > 1),
      );
    await expect(page.locator('table[aria-busy="true"] tbody tr').first()).toBeVisible();
    expect(await clipped(), 'while loading').toEqual([]);
    release();
    await expect(tables.first().getByRole('link').first()).toBeVisible();
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    expect(await clipped(), 'with the rankings').toEqual([]);
    if (language === 'de' || language === 'ar-ae') await screenshot(page, `ux statistics ${language} 375`);
  });
}

test('followed tipsters’ names are shown whole on a phone', async ({ page }) => {
  await loginViaApi(page, 'user');
  await page.goto(localeUrl('de', '/dashboard'));
  const names = page.locator('li:has(button) a[href*="tipster"] span.font-semibold');
  await expect(names.first()).toBeVisible();
  const cut = await names.evaluateAll((all) =>
    all.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent),
  );
  expect(cut).toEqual([]);
  await screenshot(page, 'ux dashboard de 375');
});

test('the scroll-to-top button leaves the copyright line readable', async ({ page }) => {
  for (const language of ['de', 'ar-ae']) {
    await page.goto(localeUrl(language, '/'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const copyright = page.getByRole('contentinfo').locator('p').last();
    await expect(copyright).toContainText('TipsMarket');
    const up = page.locator('button.fixed.bottom-4');
    await expect(up).toBeVisible();
    const [a, b] = await Promise.all([copyright.boundingBox(), up.boundingBox()]);
    expect(a && b).toBeTruthy();
    const overlaps =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps, `copyright ${JSON.stringify(a)} vs button ${JSON.stringify(b)}`).toBe(false);
    await screenshot(page, `ux footer ${language} 375`, { fullPage: false });
  }
});
