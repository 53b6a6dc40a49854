import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, apiProfile, seedSession } from '../fixtures';

// SPEC §4 Session against the real API: an access token the server refuses is renewed with the
// refresh token and the page carries on; a refresh the server refuses ends the session on /login.

test('an expired access token is refreshed once and the dashboard loads', async ({ page, request }) => {
  // A session of its own (not the worker's shared one): this test rotates its refresh token.
  const tokens = await apiLogin(request, ACCOUNTS.user);
  const profile = await apiProfile(request, tokens.accessToken);
  // A token with a broken signature stands for an expired one: the server answers 401 to both.
  await seedSession(page.context(), { ...tokens, accessToken: `${tokens.accessToken}x`, profile });

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/users/refresh')) refreshes.push(response.status());
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-username')).toHaveText(profile.username);
  await expect(page.getByTestId('tip-history')).toContainText('Tips in total');
  // Five requests failed at once; one refresh renewed the session for all of them.
  expect(refreshes).toEqual([200]);
  const stored = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
  ]);
  expect(stored[0]).not.toBe(`${tokens.accessToken}x`);
  expect(stored[1]).not.toBe(tokens.refreshToken);
});

test('a refused refresh clears the session and lands on /login', async ({ page }) => {
  const profile = {
    firstName: 'Gone',
    lastName: 'Away',
    username: 'gone',
    email: 'gone@example.com',
    phone: '+1 555 0100',
    country: 'Germany',
    memberSince: '2025-01-01T00:00:00.000Z',
    creditBalance: 5,
    profileImage: null,
  };
  await seedSession(page.context(), {
    accessToken: 'not-a-token',
    refreshToken: 'not-a-refresh-token',
    profile,
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
});

test('logged-in routes send visitors to /login, replacing the history entry', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/buy-credits');
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});
