import { expect, test } from '@playwright/test';
import { screenshot } from '../fixtures';

test('the home page loads and shows the hero', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'DO YOU WANT TODAY SOCCER TIPS?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'TIPSTERS' }).first()).toBeVisible();
  // Into e2e/artifacts/ wherever Playwright was started from (a bare relative path follows the cwd).
  await screenshot(page, 'home smoke');
});

test('the API answers health and ready', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  expect((await request.get('/api/ready')).status()).toBe(200);
});
