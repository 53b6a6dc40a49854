import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  bearer,
  buyCreditsWithPaypal,
  paidTipsOnSale,
  screenshot,
  seedSession,
  sessionFor,
} from '../fixtures';
import { newUser, registerVerifiedViaApi } from '../fixtures/new-user';

// Issue #30.2: spending limits count money deposited (credits bought, tips paid with PayPal or a
// manual method), never credits spent; the page says the rule; a time-out starts only after a
// dialog says what it does; every purchase page then says buying is paused and until when.

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: bearer(token), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return response.json();
}

test('a limit counts deposits once, says its rule, and a confirmed time-out pauses every purchase page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = newUser('limits');
  await registerVerifiedViaApi(request, user);
  const session = await sessionFor(request, { email: user.email, password: user.password });
  const token = session.accessToken;

  // $X of credits bought and spent on a tip: $X deposited, not $X twice.
  const [tip] = (await paidTipsOnSale(request)).sort((a, b) => a.price - b.price);
  expect(tip, 'a paid tip on sale').toBeTruthy();
  const credits = Math.ceil(tip.price);
  await buyCreditsWithPaypal(request, token, credits);
  await post(request, token, '/api/tips/buy', { cart: [tip.id] });
  // A PayPal order opened and left: reserved (for PayPal's approval window, then released).
  await post(request, token, '/api/credits/buy', { Credits: 7 });

  await seedSession(page.context(), session);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/safer-gambling');
  await page.getByTestId('limit-DAY').fill('10');
  await page
    .getByTestId('limit-DAY')
    .locator('xpath=ancestor::form')
    .getByRole('button', { name: 'Save' })
    .click();
  const deposited = `$${(credits + 7).toFixed(2)}`;
  await expect(page.getByTestId('limit-status-DAY')).toHaveText(
    `Limit $10.00, deposited or reserved in this period: ${deposited}.`,
  );
  await expect(page.getByText('Tips paid with credits do not count again')).toBeVisible();

  // The time-out waits for the dialog; Cancel starts nothing.
  await page.getByLabel('Length').first().selectOption({ label: '24 hours' });
  await page.getByRole('button', { name: 'Start time-out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a time-out?' });
  await expect(dialog).toContainText('For 24 hours, until');
  await expect(dialog).toContainText('you cannot buy credits, tips or AI plans');
  await screenshot(page, 'limits-time-out-dialog-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('block-status')).toHaveCount(0);
  const state = await request.get('/api/safer-gambling', { headers: bearer(token) });
  expect((await state.json()).data.block).toBeNull();

  await page.getByRole('button', { name: 'Start time-out' }).click();
  await dialog.getByRole('button', { name: 'Yes, start my time-out' }).click();
  await expect(page.getByTestId('block-status')).toContainText('You are taking a time-out until');
  await screenshot(page, 'limits-safer-gambling-1280');

  for (const [path, width] of [
    ['/buy-credits', 1280],
    ['/cart/checkout', 1280],
    ['/today-ai-tips', 1280],
    ['/buy-credits', 375],
    ['/cart/checkout', 375],
    ['/today-ai-tips', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByTestId('purchase-paused')).toContainText(
      /You are taking a time-out: buying is paused until \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \S+/,
    );
    await screenshot(page, `limits-paused-${path}-${width}`, { fullPage: false });
  }
});
