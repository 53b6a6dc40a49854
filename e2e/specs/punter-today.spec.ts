import { expect, type Page, test } from '@playwright/test';
import { screenshot } from '../fixtures';

// Issue #30.1: "today" is the viewer's day in the viewer's time zone (the list and its count),
// tomorrow and later one click away, and the home cards spread over different matches.

interface ListedTip {
  id: number;
  eventTime: string;
  homeTeam: string | null;
  awayTeam: string | null;
  fixtureId: number | null;
  tipster: { id: number };
}

/** The browser's own next midnight and the one after, in its time zone. */
function midnights(page: Page) {
  return page.evaluate(() => ({
    today: new Date(new Date().setHours(24, 0, 0, 0)).toISOString(),
    tomorrow: new Date(new Date().setHours(48, 0, 0, 0)).toISOString(),
  }));
}

async function total(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/tips?pageNumber=1&pageSize=20&${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { totalItems: number }).totalItems;
}

for (const timezoneId of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
  test.describe(`a viewer in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('today’s list and its count end at the viewer’s midnight; tomorrow is one click away', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/today-tips');
      const { today, tomorrow } = await midnights(page);
      const all = await total(page, '');
      const todays = await total(page, `kickOffTo=${encodeURIComponent(today)}`);
      const tomorrows = await total(
        page,
        `kickOffFrom=${encodeURIComponent(today)}&kickOffTo=${encodeURIComponent(tomorrow)}`,
      );
      // The demo's tips run over several days: "today" is not all of them.
      expect(todays).toBeLessThan(all);
      await expect(page.getByRole('heading', { name: `TODAY ACTIVE TIPS: ${todays}` })).toBeVisible();
      await screenshot(page, `today-${timezoneId}-1280`, { fullPage: false });

      await page.getByRole('link', { name: 'Tomorrow', exact: true }).click();
      await expect(page).toHaveURL(/\/today-tips\?day=tomorrow$/);
      await expect(page.getByRole('heading', { name: `TOMORROW'S ACTIVE TIPS: ${tomorrows}` })).toBeVisible();
      await page.getByRole('link', { name: 'Later', exact: true }).click();
      await expect(page.getByRole('heading', { name: /^LATER ACTIVE TIPS: \d+$/ })).toBeVisible();
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await expect(page.getByRole('heading', { name: `TODAY ACTIVE TIPS: ${todays}` })).toBeVisible();
      await screenshot(page, `today-${timezoneId}-375`, { fullPage: false });
    });
  });
}

test('the home page spreads its cards over different matches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const { today } = await midnights(page);
  for (const category of ['premium', 'senior'] as const) {
    const response = await page.request.get(
      `/api/tips?category=${category}&pageNumber=1&pageSize=20&kickOffTo=${encodeURIComponent(today)}`,
    );
    const candidates = ((await response.json()) as { data: ListedTip[] }).data;
    const matches = new Set(candidates.map((tip) => `${tip.homeTeam} vs ${tip.awayTeam}`));
    const section = page.getByRole('region', { name: `TODAY ${category.toUpperCase()} TIPS` });
    const cards = section.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const titles = await cards.getByRole('heading').allTextContents();
    // As many different matches as the cards can show, given the day's tips.
    expect(new Set(titles).size).toBe(Math.min(titles.length, matches.size));
  }
  await screenshot(page, 'today-home-1280');
});
