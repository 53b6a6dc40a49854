import { expect, test } from '@playwright/test';
import { notShortLived, paidTipsOnSale, screenshot, waitForEmail, watchPage } from '../fixtures';

// A visitor pays for a tip straight from its card with the (stand-in) PayPal button: the order is
// created and captured by the server, the success popup says the tips come by email, and they do.

test('a visitor buys a tip through the PayPal button on its card', async ({ page }) => {
  const watch = await watchPage(page);
  const payerEmail = `visitor_${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/today-tips');

  const card = notShortLived(page.getByRole('article'))
    .filter({ has: page.locator('[data-paypal-sandbox="buttons"]') })
    .first();
  await expect(card).toBeVisible();
  const match = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  // SPEC §9: gold, pill-shaped, 33 px high, labelled pay.
  const button = card.locator('[data-paypal-sandbox="buttons"] button');
  await expect(button).toHaveText('Pay');
  const box = await button.boundingBox();
  expect(Math.round(box?.height ?? 0)).toBe(33);
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    'rgb(255, 196, 57)',
  );
  // Only one copy of the SDK script, however many cards show the button.
  await expect(page.locator('script[src*="/api/sandbox/paypal/sdk/js"]')).toHaveCount(1);

  const paidAt = Date.now();
  await button.click();
  const paypal = card.getByRole('dialog', { name: 'PayPal sandbox checkout' });
  await expect(paypal).toContainText(/You are paying \d+\.\d{2} USD\./);
  await paypal.getByLabel('PayPal account email').fill(payerEmail);
  await screenshot(page, 'account-tip-card-paypal-1280', { fullPage: false });
  await paypal.getByRole('button', { name: 'Approve payment' }).click();

  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done).toContainText('Tips will be sent to your email soon, please check SPAM folder!');
  await screenshot(page, 'account-tip-card-paypal-success-1280', { fullPage: false });
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
  await expect(page).toHaveURL(/\/today-tips$/);

  const email = await waitForEmail({ to: payerEmail, subject: /^Your tips/, since: paidAt });
  expect(email.text).toContain(match.split(' vs ')[0]);
  expect(await watch.report()).toEqual([]);
});

test('a visitor pays the whole cart with PayPal at checkout', async ({ page, request }) => {
  const paid = (await paidTipsOnSale(request, 10)).slice(-2);
  expect(paid).toHaveLength(2);
  await page.goto('/');
  await page.evaluate(
    (ids) => localStorage.setItem('cart', JSON.stringify({ state: { tipIds: ids }, version: 0 })),
    paid.map((tip) => tip.id),
  );
  await page.goto('/cart/checkout');
  const total = paid.reduce((sum, tip) => sum + Math.round(tip.price * 100), 0);
  await expect(page.getByText(/Log in to pay with your credits/)).toBeVisible();
  await expect(page.getByLabel('Payment Options:')).toHaveValue('10');
  await expect(page.getByTestId('checkout-total')).toHaveText(`$${(total / 100).toFixed(2)}`);
  await expect(page.getByRole('button', { name: 'Request Purchase' })).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await screenshot(page, 'account-checkout-visitor-paypal-1280');

  const payerEmail = `cart_${Date.now().toString(36)}@example.com`;
  await page.locator('[data-paypal-sandbox="buttons"] button').click();
  const paypal = page.getByRole('dialog', { name: 'PayPal sandbox checkout' });
  await expect(paypal).toContainText(`You are paying ${(total / 100).toFixed(2)} USD.`);
  await paypal.getByLabel('PayPal account email').fill(payerEmail);
  await paypal.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.tipIds)).toEqual(
    [],
  );
  await waitForEmail({ to: payerEmail, subject: /^Your tips/ });
});
