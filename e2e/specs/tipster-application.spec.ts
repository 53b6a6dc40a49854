import { expect, test } from '@playwright/test';
import { loginViaApi, screenshot } from '../fixtures';
import { newUser, registerVerifiedViaApi } from '../fixtures/new-user';

// Issue #28 part 1: a verified member applies from the dashboard, by keyboard, and is a Novice
// tipster at once; the portal link appears and opens the portal. At a phone's and a laptop's width.

for (const width of [375, 1280]) {
  test(`a verified member becomes a Novice tipster from the dashboard at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    const user = newUser(`apply${width}`);
    await registerVerifiedViaApi(page.request, user);
    await page.setViewportSize({ width, height: 900 });
    await loginViaApi(page, { email: user.username, password: user.password }, { fresh: true });
    await page.goto('/dashboard');

    const box = page.getByRole('region', { name: 'Become a tipster' });
    await expect(box).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    // The charter is one link away, and opens in its own tab.
    await expect(box.getByRole('link', { name: 'tipster charter' })).toHaveAttribute(
      'href',
      '/tipster-charter',
    );

    // Sent empty: every rule speaks at once, and nothing is created.
    await box.getByRole('button', { name: 'Become a tipster' }).click();
    await expect(box.getByText('Display name is required.')).toBeVisible();
    await expect(box.getByText('Tell buyers about yourself in at least 20 characters.')).toBeVisible();
    await expect(box.getByText('Choose at least one market you cover.')).toBeVisible();
    await expect(box.getByText('You must accept the tipster charter.')).toBeVisible();
    await screenshot(page, `tipster-application-errors-${width}`, { fullPage: false });

    // Filled in with the keyboard only: Tab between fields, Space on the boxes, Enter to send.
    const displayName = `Nora ${user.username.slice(-6)}`;
    await box.getByLabel('Display name').fill(displayName);
    await box.getByLabel('About you').fill('Championship specialist: home sides after a midweek rest.');
    await expect(box.getByLabel('Country')).toHaveValue(user.country);
    await box.getByLabel('Fixed Odd F.T').focus();
    await page.keyboard.press('Space');
    await box.getByLabel('Asian Handicap F.T').focus();
    await page.keyboard.press('Space');
    await box.getByRole('checkbox', { name: /I accept the tipster charter/ }).focus();
    await page.keyboard.press('Space');
    await expect(box.getByRole('checkbox', { name: /I accept the tipster charter/ })).toBeChecked();
    await box.getByLabel('Display name').focus();
    await page.keyboard.press('Enter');

    await expect(box.getByRole('status')).toContainText(`Welcome aboard, ${displayName}!`);
    const portal = box.getByRole('link', { name: 'Open the tipster portal' });
    await expect(portal).toBeVisible();
    await screenshot(page, `tipster-application-success-${width}`, { fullPage: false });

    // The page has no sideways scroll at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await portal.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tipster$/);
    // The portal opens for the new tipster (no 'not a tipster' page): its publishing form is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Tipster portal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Publish a tip' })).toBeVisible();
    await screenshot(page, `tipster-application-portal-${width}`, { fullPage: false });
  });
}

test('the tipster charter is a public page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/tipster-charter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipster charter' })).toBeVisible();
  for (const rule of [
    'Picks are locked once published',
    'No deleting',
    'One account',
    'No copied picks',
    'Minimum activity',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: rule })).toBeVisible();
  }
  await screenshot(page, 'tipster-charter-375');
});
