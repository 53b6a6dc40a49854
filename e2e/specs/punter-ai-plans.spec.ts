import { expect, test } from '@playwright/test';
import { screenshot } from '../fixtures';

// Issue #30.4 (first slice): an AI plan card's headline rate is the SPEC's target and says so;
// the measured backtest and live rates, with their samples, stand beside it.

test('each AI plan says its headline rate is a target, beside the measured rates', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/today-ai-tips');
    const targets = page.getByTestId('plan-target-rate');
    await expect(targets).toHaveCount(4);
    for (const target of await targets.all()) {
      await expect(target).toHaveText(/^\d+%target win rate \(not measured\)$/);
    }
    const figures = page.getByTestId('ai-plan-figures');
    await expect(figures.first()).toContainText(/Backtest.*of \d+ decided picks/);
    await screenshot(page, `ai-plans-target-${width}`, { fullPage: false });
  }
});
