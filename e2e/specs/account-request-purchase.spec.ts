import { expect, test } from '@playwright/test';
import { loginViaApi, paidTipsOnSale, screenshot, waitForEmail } from '../fixtures';
import { newUser, registerVerifiedViaApi } from '../fixtures/new-user';

// Request Purchase: every method but PayPal (10) and Credits (11) asks for the required
// information; the server keeps a pending order and emails the payment instructions.

test('a visitor requests a purchase by crypto with the required-information form', async ({
  page,
  request,
}) => {
  const [tip] = await paidTipsOnSale(request);
  expect(tip).toBeTruthy();
  await page.goto('/');
  await page.evaluate(
    (id) => localStorage.setItem('cart', JSON.stringify({ state: { tipIds: [id] }, version: 0 })),
    tip?.id ?? 0,
  );
  await page.goto('/cart/checkout');
  await page.getByLabel('Payment Options:').selectOption({ label: 'Bitcoin' });
  await expect(page.locator('[data-paypal-sandbox="buttons"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request Purchase' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Email address is required.')).toBeVisible();
  await screenshot(page, 'account-checkout-request-errors-1280');

  const email = `buyer_${Date.now().toString(36)}@example.com`;
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('+1 202 555 0100');
  await page.getByLabel('Country').selectOption('United States');
  await page.getByRole('button', { name: 'Request Purchase' }).click();

  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done).toContainText('Payment instructions have been sent to your email.');
  await expect(done).toContainText('Tips will be sent to your email soon, please check SPAM folder!');
  await screenshot(page, 'account-checkout-request-success-1280');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  const instructions = await waitForEmail({ to: email, subject: /^Payment instructions for order/ });
  expect(instructions.text).toMatch(/Bitcoin|BTC/);
});

test('a member requests credits by Skrill', async ({ page, request }) => {
  const user = newUser('skrill');
  // Payment requests need a verified address: the member clicked the link in the welcome email.
  await registerVerifiedViaApi(request, user);
  await loginViaApi(page, { email: user.email, password: user.password }, { fresh: true });
  await page.goto('/buy-credits');
  await page.getByLabel('Payment method').selectOption({ label: 'Skrill' });
  await page.getByLabel('Credits', { exact: true }).fill('1000');
  await expect(page.getByTestId('credits-price')).toHaveText('$850.00');
  await expect(page.getByTestId('credits-discount')).toHaveText('15%');
  await expect(page.getByRole('button', { name: /\b1000\s*credits/i })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Request Purchase' }).click();
  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done).toContainText('Tips will be sent to your email soon, please check SPAM folder!');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForEmail({ to: user.email, subject: /^Payment instructions for order/ });
});
