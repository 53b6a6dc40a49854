import { expect, type Page, test } from '@playwright/test';
import { loginViaApi, paidTipsOnSale, screenshot, watchPage } from '../fixtures';

// Every screen of the account side at phone (375 px) and desktop (1280 px) widths, saved under
// e2e/artifacts/ for people to look at, and each rendered without console errors or failed calls.

const WIDTHS = [375, 1280] as const;

async function firstPaidTipIds(page: Page, count: number): Promise<number[]> {
  return (await paidTipsOnSale(page.request)).slice(0, count).map((tip) => tip.id);
}

async function fillCart(page: Page, ids: number[]) {
  await page.goto('/');
  await page.evaluate(
    (tipIds) => localStorage.setItem('cart', JSON.stringify({ state: { tipIds }, version: 0 })),
    ids,
  );
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('visitor screens: login, sign-up, recovery, verification, checkout', async ({ page }) => {
      const watch = await watchPage(page, {
        allowApiFailures: [{ path: /^\/api\/users\/login$/, status: 401 }],
      });

      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Username / Email field is required')).toBeVisible();
      await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
      await screenshot(page, `account-login-${width}`);

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Member sign up' })).toBeVisible();
      await screenshot(page, `account-register-${width}`);

      await page.goto('/forgot-password');
      await screenshot(page, `account-forgot-password-${width}`);
      await page.getByLabel('Email address').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Check your inbox')).toBeVisible();
      await screenshot(page, `account-forgot-password-sent-${width}`);

      await page.goto('/reset-password/not-a-real-code');
      await page.getByLabel('New password', { exact: true }).fill('Another#2025');
      await screenshot(page, `account-reset-password-${width}`);
      await expect(page.getByRole('button', { name: 'Set new password' })).toBeDisabled();

      await page.goto('/verify-email');
      await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
      await screenshot(page, `account-verify-email-${width}`);

      await fillCart(page, await firstPaidTipIds(page, 3));
      await page.goto('/cart/checkout');
      await expect(page.getByRole('columnheader', { name: 'ITEM DETAILS' })).toBeVisible();
      await expect(page.locator('[data-paypal-sandbox="buttons"]')).toBeVisible();
      await screenshot(page, `account-checkout-visitor-${width}`);
      await page.getByLabel('Payment Options:').selectOption({ label: 'USDT (TRC20)' });
      await screenshot(page, `account-checkout-request-${width}`);

      expect(await watch.report()).toEqual([]);
    });

    test('member screens: dashboard, edit profile, buy credits, checkout with credits', async ({ page }) => {
      const watch = await watchPage(page);
      await loginViaApi(page, 'user');

      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-username')).toBeVisible();
      await expect(page.getByTestId('followed-tips').getByRole('article').first()).toBeVisible();
      await watch.apiIdle();
      await screenshot(page, `account-dashboard-${width}`);

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
      await screenshot(page, `account-edit-profile-${width}`, { fullPage: false });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/buy-credits');
      await expect(page.locator('[data-paypal-sandbox="buttons"]')).toBeVisible();
      await screenshot(page, `account-buy-credits-${width}`);

      await fillCart(page, await firstPaidTipIds(page, 2));
      await page.goto('/cart/checkout');
      await expect(page.getByTestId('checkout-balance')).toBeVisible();
      await screenshot(page, `account-checkout-member-${width}`);

      if (width === 375) {
        // The phone menu carries the balance and Top-Up.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(
          page
            .getByRole('dialog', { name: 'Menu' })
            .getByText(/Credits$/)
            .first(),
        ).toBeVisible();
        await screenshot(page, 'account-mobile-menu-375', { fullPage: false });
      }
      expect(await watch.report()).toEqual([]);
    });
  });
}

test('the dashboard puts the two columns side by side from 1600 px', async ({ page }) => {
  await loginViaApi(page, 'user');
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'Your profile' });
  const tips = page.getByTestId('followed-tips');
  await expect(tips.getByRole('article').first()).toBeVisible();
  const [left, right] = [await profile.boundingBox(), await tips.boundingBox()];
  expect(right?.x ?? 0).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0));
  await screenshot(page, 'account-dashboard-1600');

  await page.setViewportSize({ width: 1599, height: 1000 });
  const [narrowLeft, narrowRight] = [await profile.boundingBox(), await tips.boundingBox()];
  expect(narrowRight?.y ?? 0).toBeGreaterThan((narrowLeft?.y ?? 0) + (narrowLeft?.height ?? 0));
});
