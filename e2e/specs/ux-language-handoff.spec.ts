import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, apiProfile, BASE_URL, E2E_ROOT, localeUrl, paidTipsOnSale, screenshot } from '../fixtures';

// #21.1: languages live on subdomains (other origins, other localStorage). Changing language keeps
// the user signed in, with the same cart, on the same page. The session is put into the English
// origin only (not with seedSession, whose init script would also fill the subdomains).

function words(language: string): { nav: { changeLanguage: string } } {
  const file = path.join(E2E_ROOT, '..', 'apps', 'web', 'public', 'locales', `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function storedState(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    cart: (JSON.parse(localStorage.getItem('cart') ?? '{}') as { state?: { tipIds?: number[] } }).state
      ?.tipIds,
  }));
}

async function chooseLanguage(page: Page, from: string, languageName: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: words(from).nav.changeLanguage })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: languageName }).click();
}

test('changing language keeps the session, the cart and the page', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tokens = await apiLogin(request, 'user');
  const profile = await apiProfile(request, tokens.accessToken);
  const tips = (await paidTipsOnSale(request)).slice(0, 2).map((tip) => tip.id);
  expect(tips).toHaveLength(2);

  await page.goto(`${BASE_URL}/`);
  await page.evaluate(
    ({ accessToken, refreshToken, cart, stored }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('userProfile', JSON.stringify({ state: stored, version: 0 }));
      localStorage.setItem('cart', JSON.stringify({ state: { tipIds: cart }, version: 0 }));
    },
    {
      ...tokens,
      cart: tips,
      stored: {
        username: profile.username,
        balance: profile.creditBalance,
        profileImage: profile.profileImage,
      },
    },
  );
  await page.goto(`${BASE_URL}/cart/checkout`);
  await expect(page.locator('tbody tr')).toHaveCount(2);

  await chooseLanguage(page, 'en', 'Deutsch');
  await page.waitForURL(localeUrl('de', '/cart/checkout'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  // Signed in on de.*: the session is its own (a new refresh token), the code gone from the address.
  const onDe = await storedState(page);
  expect(onDe.accessToken).not.toBeNull();
  expect(onDe.cart).toEqual(tips);
  expect(page.url()).toBe(localeUrl('de', '/cart/checkout'));
  await expect(page.getByRole('banner').getByText(profile.username).first()).toBeAttached();
  await screenshot(page, 'ux handoff de checkout 1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'ux handoff de checkout 375');
  await page.setViewportSize({ width: 1280, height: 900 });

  await chooseLanguage(page, 'de', 'العربية');
  await page.waitForURL(localeUrl('ar-ae', '/cart/checkout'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const onAr = await storedState(page);
  expect(onAr.accessToken).not.toBeNull();
  expect(onAr.cart).toEqual(tips);
  // The signed-in header: the member menu, not the login link.
  await expect(page.getByRole('banner').getByText(profile.username).first()).toBeAttached();
  await screenshot(page, 'ux handoff ar-ae checkout 1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'ux handoff ar-ae checkout 375');
});
