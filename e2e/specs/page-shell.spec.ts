import { expect, test } from '@playwright/test';
import { localeUrl, watchPage } from '../fixtures';

// Issue #32.3 (decision 194): the server sends each public page with the app's first render
// already inside it, so the page is painted before its scripts arrive; React's first render then
// takes its place in one step, with the same page.

const H1 = 'h1';

test('a public page is readable from the HTML the server sends, in its language, before any script', async ({
  browser,
}) => {
  const withScripts = await browser.newPage();
  await withScripts.goto(localeUrl('de', '/tipsters'));
  const heading = (await withScripts.locator(H1).textContent()) ?? '';
  const login = withScripts.getByRole('banner').getByRole('link', { name: 'Anmelden', exact: true });
  await expect(login).toBeVisible();
  await withScripts.close();

  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  const page = await noScripts.newPage();
  await page.goto(localeUrl('de', '/tipsters'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator(H1)).toHaveText(heading);
  await expect(page.locator(H1)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /TipsMarket/ })).toBeAttached();
  // The shell cannot know whether the reader is signed in: no sign-in link until the app knows.
  await expect(page.getByRole('banner').getByText('Anmelden', { exact: true })).toBeHidden();
  await noScripts.close();

  const arabic = await browser.newContext({ javaScriptEnabled: false });
  const rtl = await arabic.newPage();
  await rtl.goto(localeUrl('ar-ae', '/today-tips'));
  await expect(rtl.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rtl.locator(H1)).toBeVisible();
  await arabic.close();
});

test("the app's first render replaces the server's in one step, and the page works at once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const watch = await watchPage(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rootStates: string[] }).rootStates = seen;
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root') as HTMLElement;
      const state = () =>
        `${root.querySelector('[inert]') ? 'shell' : 'app'}:${root.querySelectorAll('h1').length}`;
      seen.push(state());
      new MutationObserver(() => seen.push(state())).observe(root, { childList: true });
    });
  });
  await page.goto('/tipster-statistics');
  // Clicked as soon as it shows: the shell's copy of the button is inert, so the click waits for
  // the app's.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const states = await page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates);
  expect(states).toEqual(['shell:1', 'app:1']);
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  expect(await watch.report()).toEqual([]);
});
