import { expect, test } from '@playwright/test';
import { loginViaApi, screenshot } from '../fixtures';

// Issue #17 in Chromium: the AI plan cards show the advertised rate beside the measured ones
// (backtest and live, with sample sizes), and "How our AI models work" shows the recorded backtest
// and its calibration chart — every figure the one GET /api/ai-model serves, nothing invented.

interface Figures {
  backtest: { n: number; accuracy: number; rps: number; seasons: string[]; calibration: unknown[] };
  tiers: Array<{
    category: string;
    tipsterId: number | null;
    advertisedRate: number;
    backtest: { decided: number; hitRate: number | null };
    live: { decided: number; hitRate: number | null };
  }>;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

for (const width of [375, 1280]) {
  test(`AI plans and the model section show measured figures at ${width} px`, async ({ page, request }) => {
    const response = await request.get('/api/ai-model');
    expect(response.status()).toBe(200);
    const figures = (await response.json()) as Figures;
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/today-ai-tips');

    // Each of the four plan cards: its tier's backtest hit rate and sample, and the live record.
    const cards = page.getByTestId('ai-plan-figures');
    await expect(cards).toHaveCount(4);
    const order = ['Low AI Model', 'Medium AI Model', 'High AI Model', 'High AI Model'];
    for (const [i, category] of order.entries()) {
      const tier = figures.tiers.find((t) => t.category === category);
      expect(tier?.backtest.hitRate).not.toBeNull();
      const card = cards.nth(i);
      await expect(card.getByTestId('backtest-rate')).toHaveText(`${tier?.backtest.hitRate?.toFixed(1)}%`);
      await expect(card).toContainText(`${tier?.backtest.decided}`);
      await expect(card).toContainText(figures.backtest.seasons[0]);
      if (tier && tier.live.decided > 0) {
        await expect(card.getByTestId('live-rate')).toHaveText(`${tier.live.hitRate?.toFixed(1)}%`);
      }
    }

    // The model section: the backtest table against the baselines and the calibration chart.
    const section = page.getByTestId('ai-model-section');
    await expect(section.getByRole('heading', { name: /How our AI models work/i })).toBeVisible();
    const table = section.getByTestId('ai-backtest-table');
    await expect(table).toContainText(pct(figures.backtest.accuracy));
    await expect(table).toContainText(figures.backtest.rps.toFixed(4));
    const chart = section.getByRole('img', { name: /Calibration/i });
    await expect(chart).toBeVisible();
    await expect(chart.locator('circle')).toHaveCount(figures.backtest.calibration.length);

    // The invented claims are gone.
    await expect(page.locator('body')).not.toContainText(/93% win rate|expected goals|line-ups/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `ai-model today-ai-tips ${width}`);
  });
}

test('the dashboard promo claims no invented rate and leads to the measured figures', async ({ page }) => {
  await loginViaApi(page, 'user');
  await page.goto('/dashboard');
  const promo = page
    .getByRole('region', { name: /./ })
    .filter({ hasText: /AI models publish a pick every day/i });
  await expect(promo).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/hit 93%/i);
  await screenshot(page, 'ai-model dashboard 1280');
});

test('an AI tipster’s profile shows its advertised rate beside the measured ones', async ({
  page,
  request,
}) => {
  const figures = (await (await request.get('/api/ai-model')).json()) as Figures;
  const high = figures.tiers.find((t) => t.category === 'High AI Model');
  expect(high?.tipsterId).not.toBeNull();
  await page.goto(`/tipster-profile/${high?.tipsterId}`);
  const panel = page.getByTestId('ai-tier-figures');
  await expect(panel).toContainText(`${high?.advertisedRate}%`);
  await expect(panel.getByTestId('backtest-rate')).toHaveText(`${high?.backtest.hitRate?.toFixed(1)}%`);
  await expect(page.locator('body')).not.toContainText(/ten seasons|not connected yet/i);
  await screenshot(page, 'ai-model profile 1280');
});
