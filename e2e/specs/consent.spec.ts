import { expect, type Page, test } from '@playwright/test';
import { formatViolations, NO_CONSENT, runAxe, screenshot, watchPage } from '../fixtures';

// #22.6: nothing third-party loads before the visitor says yes. These tests start from a browser
// that has never been here (the rest of the suite starts as a visitor who accepted everything).
test.use({ storageState: NO_CONSENT });

const PAYPAL_SDK = '/api/sandbox/paypal/sdk/js';
const isPaypalSdk = (url: string) => url.includes(PAYPAL_SDK) || url.includes('paypal.com/sdk');
const isScorebat = (url: string) => url.includes('scorebat.com');

/** Every URL the page requests, frames included. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Third-party content' });
const paypalGates = (page: Page) => page.locator('[data-consent-gate="paypal"]');
const paypalButtons = (page: Page) => page.locator('[data-paypal-sandbox="buttons"] button');

test('essential only: no PayPal SDK or ScoreBat request until a click-to-load button allows that one', async ({
  page,
}) => {
  const watch = await watchPage(page);
  const requests = recordRequests(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/today-tips');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('PayPal');
  await screenshot(page, 'consent-banner-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'consent-banner-1280', { fullPage: false });
  const violations = await runAxe(page);
  expect(violations, formatViolations(violations)).toEqual([]);

  await banner(page).getByRole('button', { name: 'Essential only' }).click();
  await expect(banner(page)).toBeHidden();

  // Tip cards offer "Load PayPal" in the pay button's place; the SDK is not fetched.
  await expect(paypalGates(page).first()).toBeVisible();
  await expect(paypalGates(page).first().getByRole('button', { name: 'Load PayPal' })).toBeVisible();
  await expect(paypalButtons(page)).toHaveCount(0);
  await screenshot(page, 'consent-paypal-gate-1280', { fullPage: false });

  await page.goto('/livescores');
  const loadScores = page.getByRole('button', { name: 'Load live scores' });
  await expect(loadScores).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);

  // The answer is remembered: no prompt after a reload, and still nothing third-party.
  await page.reload();
  await expect(loadScores).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'consent-livescores-gate-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(requests.filter(isPaypalSdk)).toEqual([]);
  expect(requests.filter(isScorebat)).toEqual([]);

  // The click is consent for live scores only.
  await loadScores.click();
  await expect(page.locator('iframe[src*="scorebat"]')).toHaveCount(1);
  await expect.poll(() => requests.filter(isScorebat).length).toBeGreaterThan(0);

  await page.goto('/today-tips');
  await expect(paypalGates(page).first()).toBeVisible();
  expect(requests.filter(isPaypalSdk)).toEqual([]);

  // "Load PayPal" on one card loads the SDK once, and every card's button appears.
  const cardsWithGate = await paypalGates(page).count();
  await paypalGates(page).first().getByRole('button', { name: 'Load PayPal' }).click();
  await expect(paypalButtons(page).first()).toHaveText('Pay');
  await expect(paypalGates(page)).toHaveCount(0);
  expect(await paypalButtons(page).count()).toBeGreaterThanOrEqual(Math.min(cardsWithGate, 1));
  await expect(page.locator(`script[src*="${PAYPAL_SDK}"]`)).toHaveCount(1);
  expect(requests.filter(isPaypalSdk).length).toBeGreaterThan(0);

  expect(await watch.report()).toEqual([]);
});

test('accepting loads PayPal and live scores, survives a reload, and the footer link changes the choice', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/today-tips');

  // Keyboard: the prompt's buttons are ordinary buttons.
  const acceptAll = banner(page).getByRole('button', { name: 'Accept all' });
  await acceptAll.focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(paypalButtons(page).first()).toHaveText('Pay');
  expect(requests.filter(isPaypalSdk).length).toBeGreaterThan(0);

  await page.goto('/livescores');
  await expect(page.locator('iframe[src*="scorebat"]')).toHaveCount(1);
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await expect(page.locator('iframe[src*="scorebat"]')).toHaveCount(1);

  // "Cookie & content settings" in the footer reopens the choices; PayPal is withdrawn.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie & content settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie & content settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: /PayPal payment button/ })).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: /ScoreBat live scores/ })).toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'consent-settings-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'consent-settings-1280', { fullPage: false });
  const violations = await runAxe(page, { exclude: ['iframe[src*="scorebat"]'] });
  expect(violations, formatViolations(violations)).toEqual([]);
  await settings.getByRole('checkbox', { name: /PayPal payment button/ }).uncheck();
  await settings.getByRole('button', { name: 'Save choices' }).click();
  await expect(settings).toBeHidden();

  await page.goto('/today-tips');
  await expect(paypalGates(page).first()).toBeVisible();
  await expect(paypalButtons(page)).toHaveCount(0);

  // Escape closes the dialog without changing anything.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie & content settings' }).click();
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(paypalGates(page).first()).toBeVisible();
});
