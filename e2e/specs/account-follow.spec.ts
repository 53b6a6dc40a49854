import { expect, type Page, test } from '@playwright/test';
import { loginViaApi, screenshot } from '../fixtures';
import { newUser, registerViaApi } from '../fixtures/new-user';

// Follow a tipster from the list, see them and their open tips on the dashboard, unfollow there.

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test('follow a tipster, find them on the dashboard, unfollow', async ({ page, request }) => {
  const user = newUser('follow');
  await registerViaApi(request, user);
  await loginViaApi(page, { email: user.email, password: user.password }, { fresh: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard');
  const followed = page.getByTestId('followed-tipsters');
  await expect(followed.getByTestId('followed-tipsters-count')).toHaveText(
    "You currently aren't following any tipsters",
  );

  await page.goto('/tipsters');
  const follow = page.getByRole('button', { name: /^FOLLOW/i }).first();
  const name = ((await follow.locator('.sr-only').textContent()) ?? '').trim();
  expect(name.length).toBeGreaterThan(0);
  await follow.click();
  await expect(toast(page, `You are now following tipster ${name}`)).toBeVisible();

  await page.goto('/dashboard');
  await expect(followed.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await expect(followed.getByTestId('followed-tipsters-count')).toHaveText('Tipsters you follow: 1');
  await screenshot(page, 'account-dashboard-following-1280');

  await followed.getByRole('button', { name: new RegExp(`UNFOLLOW\\s+${name}`, 'i') }).click();
  await expect(toast(page, `You unfollowed tipster ${name}`)).toBeVisible();
  await expect(followed.getByTestId('followed-tipsters-count')).toHaveText(
    "You currently aren't following any tipsters",
  );
});
