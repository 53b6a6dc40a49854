import { expect, test } from '@playwright/test';
import { linkTo, screenshot, waitForEmail } from '../fixtures';
import { newUser, registerViaApi } from '../fixtures/new-user';

// Forgot → reset (the link read from the mailbox) → log in with the new password; the old password
// and the used link stop working.

test('forgot password → reset from the emailed link → log in with the new password', async ({
  page,
  request,
}) => {
  const user = newUser('reset');
  await registerViaApi(request, user);
  const newPassword = `${user.password}Z9`;
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const email = await waitForEmail({ to: user.email, subject: 'Reset your password' });
  const resetPath = linkTo(email, '/reset-password/').pathname;
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password has been reset/)).toBeVisible();
  await screenshot(page, 'account-reset-password-done-1280');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // The old password is refused; the new one opens the dashboard.
  await page.getByLabel('Username or email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  const replay = await request.post('/api/users/reset-password', {
    data: { Code: resetPath.split('/').pop(), NewPassword: `${newPassword}x` },
  });
  expect(replay.status()).toBeGreaterThanOrEqual(400);
  expect(replay.status()).toBeLessThan(500);
});
