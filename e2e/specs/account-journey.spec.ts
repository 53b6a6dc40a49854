import { expect, type Page, test } from '@playwright/test';
import { linkTo, notShortLived, screenshot, waitForEmail } from '../fixtures';
import { newUser } from '../fixtures/new-user';

// Issue 7 end to end: a visitor signs up, verifies the address from the mailbox, logs in, funds the
// account through the (stand-in) PayPal button, buys a tip with credits and finds it in Running
// Tips and in the mailbox.

test.describe.configure({ mode: 'serial' });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const balanceChip = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: /Credits/ })
    .first();

test('sign up → verify → log in → buy credits with PayPal → buy a tip with credits → Running Tips and mailbox', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('journey');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sign up: the form refuses to send anything until every field and both boxes are right.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Member sign up' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'First name is required.',
    'Last name is required.',
    'Username is required.',
    'Email address is required.',
    'Country is required.',
    'Phone number is required.',
    'Password is required.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'account-register-errors-1280');

  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Country').selectOption(user.country);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}!`);
  await page.getByLabel(/I confirm that I am 18/).check();
  await page.getByLabel(/I have read and accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  const registered = page.getByRole('dialog', { name: 'Registration successful' });
  await expect(registered).toContainText('Please check your email to verify your account.');
  await screenshot(page, 'account-register-success-1280');
  await registered.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Verify the address with the link from the mailbox.
  const verification = await waitForEmail({ to: user.email, subject: 'Verify your email address' });
  await page.goto(linkTo(verification, '/verify-email/').pathname);
  await expect(
    page.getByText('Email successfully verified, you will be redirected to login page soon.'),
  ).toBeVisible();
  await screenshot(page, 'account-verify-email-1280');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // Log in with the username; a wrong password first.
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-username')).toHaveText(user.username);
  await expect(page.getByTestId('dashboard-balance')).toHaveText('0.00 Credits');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

  // Fund the account: the 500 pack chosen on the dashboard arrives preselected; pay with PayPal.
  await page.getByRole('link', { name: /^500\s*credits/i }).click();
  await expect(page).toHaveURL(/\/buy-credits$/);
  await expect(page.getByLabel('Credits', { exact: true })).toHaveValue('500');
  await expect(page.getByTestId('credits-price')).toHaveText('$450.00');
  await expect(page.getByTestId('credits-bonus')).toHaveText('50.00 Credits');
  await screenshot(page, 'account-buy-credits-1280');
  const creditsPaidAt = Date.now();
  await page.locator('[data-paypal-sandbox="buttons"] button').click();
  const paypal = page.getByRole('dialog', { name: 'PayPal sandbox checkout' });
  await expect(paypal).toContainText('You are paying 450.00 USD.');
  await screenshot(page, 'account-buy-credits-paypal-1280');
  await paypal.getByRole('button', { name: 'Approve payment' }).click();
  const credited = page.getByRole('dialog', { name: 'Success' });
  await expect(credited).toContainText('Your purchase was successful!');
  await expect(credited).toContainText('Tips will be sent to your email soon, please check SPAM folder!');
  await expect(balanceChip(page)).toContainText('500.00 Credits');
  await credited.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-balance')).toHaveText('500.00 Credits');
  await waitForEmail({ to: user.email, subject: /^Receipt: 500\.00 Credits added/, since: creditsPaidAt });

  // Buy a tip: BUY NOW on today's list, Checkout, pay with credits (the default when signed in).
  await page.goto('/today-tips');
  const card = notShortLived(page.getByRole('article'))
    .filter({ has: page.getByRole('button', { name: /BUY NOW/i }) })
    .first();
  const match = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(match).toContain(' vs ');
  await card.getByRole('button', { name: /BUY NOW/i }).click();
  const added = page.getByRole('dialog', { name: 'Message' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PAYMENTS' })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(escapeRegExp(match)) }).first()).toBeVisible();
  await expect(page.getByLabel('Payment Options:')).toHaveValue('11');
  await expect(page.getByTestId('checkout-total')).toHaveText(/^\d+\.\d{2} Credits$/);
  await expect(page.getByTestId('checkout-balance')).toHaveText('500.00 Credits');
  await screenshot(page, 'account-checkout-credits-1280');
  const tipsPaidAt = Date.now();
  await page.getByRole('button', { name: 'Request Purchase' }).click();
  const paid = page.getByRole('dialog', { name: 'Success' });
  await expect(paid).toContainText(
    'Payment successful! Tips are now available on your Dashboard in the "Running Tips" section and also have been sent to your email.',
  );
  await screenshot(page, 'account-checkout-success-1280');
  await paid.getByRole('button', { name: 'OK' }).click();

  // The dashboard's Running Tips show it, with its selection; the tip arrived by email too.
  await expect(page).toHaveURL(/\/dashboard$/);
  const running = page.getByTestId('running-tips');
  await expect(running.getByText(match)).toBeVisible();
  await expect(running.getByText('Pending')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-balance')).not.toHaveText('500.00 Credits');
  const tipsEmail = await waitForEmail({ to: user.email, subject: /^Your tips/, since: tipsPaidAt });
  expect(`${tipsEmail.text}`).toContain(match.split(' vs ')[0]);
  await screenshot(page, 'account-dashboard-after-purchase-1280');
});
