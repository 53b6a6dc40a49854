import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ROOT, localeUrl, PORT, screenshot, watchPage } from '../fixtures';

// SPEC §1/§4: the language comes from the subdomain. de.localhost and ar-ae.localhost (Chromium
// resolves *.localhost to the loopback address) serve the same app, translated; Arabic is laid out
// right to left. The expected words come from the locale files, checked to differ from English, so
// an untranslated page cannot pass.

type Messages = {
  hero: { title: string; tipsters: string; todayTips: string };
  nav: { home: string; tipsters: string; login: string };
};

function messages(language: string): Messages {
  const file = path.join(E2E_ROOT, '..', 'apps', 'web', 'public', 'locales', `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

const en = messages('en');

async function expectTranslatedHome(page: Page, language: string): Promise<void> {
  const words = messages(language);
  for (const key of ['title', 'tipsters', 'todayTips'] as const) {
    expect(words.hero[key], `${language}.json translates hero.${key}`).not.toBe(en.hero[key]);
  }
  await expect(page.getByRole('heading', { level: 1, name: words.hero.title })).toBeVisible();
  await expect(page.getByRole('link', { name: words.hero.tipsters, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: words.hero.todayTips, exact: true }).first()).toBeVisible();
  // The header's navigation too, not just the hero.
  const banner = page.getByRole('banner');
  for (const key of ['home', 'tipsters', 'login'] as const) {
    expect(words.nav[key], `${language}.json translates nav.${key}`).not.toBe(en.nav[key]);
  }
  await expect(banner.getByRole('link', { name: words.nav.home, exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: words.nav.tipsters, exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: words.nav.login, exact: true })).toBeVisible();
  await expect(page.getByText(en.hero.title)).toHaveCount(0);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('de.localhost renders the site in German', async ({ page }) => {
  const watch = await watchPage(page);
  const response = await page.goto(localeUrl('de', '/'));
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expectTranslatedHome(page, 'de');
  // Data comes through the API on the subdomain as well: the home tip lists fill.
  await expect(page.locator('article').first()).toBeVisible();
  await watch.apiIdle();
  await screenshot(page, 'i18n de home');
  expect(await watch.report()).toEqual([]);
});

test('ar-ae.localhost renders the site in Arabic, right to left', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto(localeUrl('ar-ae', '/'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);
  await expectTranslatedHome(page, 'ar-ae');
  await expect(page.locator('article').first()).toBeVisible();
  // The layout really is mirrored: text runs right to left and the logo sits at the right end of the header.
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
  expect(logo, 'the header logo').not.toBeNull();
  expect(logo!.x + logo!.width / 2, 'the logo is on the right').toBeGreaterThan(1280 / 2);
  await watch.apiIdle();
  await screenshot(page, 'i18n ar-ae home');
  expect(await watch.report()).toEqual([]);
});

test('an inner page on a subdomain is translated too, and the API answers there', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto(localeUrl('de', '/today-tips/premium'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^TODAY PREMIUM TIPS$/i);
  await expect(page.locator('article').first()).toBeVisible();
  await watch.apiIdle();
  await screenshot(page, 'i18n de today-tips premium');
  expect(await watch.report()).toEqual([]);
});

test('choosing a language moves to its subdomain, same page', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto('/tipsters');
  await expect(page.getByRole('heading', { level: 1, name: /^TOP TIPSTERS$/i })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Change language/i })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Deutsch/ }).click();
  await expect(page).toHaveURL(`http://de.localhost:${PORT}/tipsters`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^TOP TIPSTERS$/i);
  await watch.apiIdle();
  expect(await watch.report()).toEqual([]);
});
