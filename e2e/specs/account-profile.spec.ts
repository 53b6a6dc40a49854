import { expect, type Page, test } from '@playwright/test';
import { screenshot } from '../fixtures';
import { type NewUser, newUser, registerViaApi } from '../fixtures/new-user';

// The dashboard's Edit Profile modal (three views), the avatar upload, the password change and
// logging out, for a member who signs in through the form.

// An 8 × 8 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

async function logIn(page: Page, user: Pick<NewUser, 'username' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test('edit the profile, upload a picture, change the password and log out', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser('profile');
  await registerViaApi(request, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, user);

  // The picture: clicking the avatar opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a new profile picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Profile image updated.')).toBeVisible();
  await expect(page.getByRole('banner').locator('img').first()).toHaveAttribute('src', /profile-images/);

  // Form view → confirm view → saved, every view closed.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(form.getByText('Not verified')).toBeVisible();
  await expect(form.getByLabel('Country')).toHaveValue(user.country);
  await screenshot(page, 'account-edit-profile-form-1280', { fullPage: false });
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Phone number').fill('+49 30 7654321');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'account-edit-profile-confirm-1280', { fullPage: false });
  await confirm.getByLabel('Current password').fill('wrong-password');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, "Couldn't update your profile.")).toBeVisible();
  await expect(confirm.getByText('Current password is incorrect.')).toBeVisible();
  await confirm.getByLabel('Current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile successfully updated.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog').getByLabel('Last name')).toHaveValue('Hopper');
  await expect(page.getByRole('dialog').getByLabel('Phone number')).toHaveValue('+49 30 7654321');

  // Change-password view: a mismatch does nothing; a match changes it and closes every view.
  await page.getByRole('dialog').getByRole('button', { name: 'Change password' }).click();
  const passwordView = page.getByRole('dialog', { name: 'Change password' });
  const newPassword = `${user.password}2`;
  await passwordView.getByLabel('Current password').fill(user.password);
  await passwordView.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordView.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await passwordView.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordView).toBeVisible();
  await screenshot(page, 'account-edit-profile-password-1280', { fullPage: false });
  await passwordView.getByLabel('Confirm new password').fill(newPassword);
  await passwordView.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // This tab stays signed in with the pair the server handed back.
  await page.reload();
  await expect(page.getByTestId('dashboard-username')).toHaveText(user.username);

  // Log out from the account menu: tokens gone, on /login; the dashboard is closed again.
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Username or email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await logIn(page, { username: user.username, password: newPassword });
});
