import { expect, test } from '@playwright/test';
import {
  buyCreditsWithPaypal,
  payAtCheckoutAndOpenDashboard,
  screenshot,
  seedSession,
  sessionFor,
  waitForEmail,
} from '../fixtures';
import { newUser, registerVerifiedViaApi } from '../fixtures/new-user';

// Issue #30.4 (first slice): an AI plan card's headline rate is the SPEC's target and says so;
// the measured backtest and live rates, with their samples, stand beside it.

test('each AI plan says its headline rate is a target, beside the measured rates', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/today-ai-tips');
    const targets = page.getByTestId('plan-target-rate');
    await expect(targets).toHaveCount(4);
    for (const target of await targets.all()) {
      await expect(target).toHaveText(/^\d+%target win rate \(not measured\)$/);
    }
    const figures = page.getByTestId('ai-plan-figures');
    await expect(figures.first()).toContainText(/Backtest.*of \d+ decided picks/);
    await screenshot(page, `ai-plans-target-${width}`, { fullPage: false });
  }
});

// Issue #30.4 (rest): a bought plan is shown as a plan — at checkout, on the dashboard ("1 of 7
// delivered, next pick tomorrow", the last pick expected), in the email — not as one tip at its odds.
test('a weekly AI plan is bought and followed as a plan, at checkout, on the dashboard and by email', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = newUser('aiplan');
  await registerVerifiedViaApi(request, user);
  const session = await sessionFor(request, { email: user.email, password: user.password });
  await buyCreditsWithPaypal(request, session.accessToken, 449);

  const plans = (await (await request.get('/api/tips/ai')).json()) as {
    aiTips: Array<{ planId: number; tipId: number | null }>;
  };
  const weekly = plans.aiTips.find((item) => item.planId === 3);
  expect(weekly?.tipId, 'the weekly plan has a pick on sale').toBeTruthy();
  await seedSession(page.context(), session);
  await page.addInitScript((tipId) => {
    localStorage.setItem('cart', JSON.stringify({ state: { tipIds: [tipId] }, version: 0 }));
  }, weekly!.tipId);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/cart/checkout');
    const plan = page.getByTestId('cart-plan');
    await expect(plan).toHaveText('Weekly subscription · 7 tips in total');
    await expect(page.getByText(/^This match is its first pick; the others arrive one a day/)).toBeVisible();
    // Not "one tip at odds 1.09".
    await expect(page.getByTestId('cart-odds')).toHaveCount(0);
    await screenshot(page, `ai-plan-checkout-${width}`, { fullPage: false });
  }
  const paidAt = Date.now();
  await payAtCheckoutAndOpenDashboard(page);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const box = page.getByTestId('ai-plans');
    await expect(box.getByTestId('ai-plan')).toHaveCount(1);
    await expect(box).toContainText('Weekly subscription');
    await expect(box).toContainText('1 of 7 delivered, next pick tomorrow');
    // SPEC §2: en-US short dates on the dashboard.
    await expect(box).toContainText(/Last pick expected around [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // Its first pick runs as a pick of the plan, not as a $449 tip.
    const running = page.getByTestId('running-tips');
    await expect(running.getByTestId('tip-row-plan')).toHaveText('Pick of your Weekly subscription');
    await expect(running.getByText('$449')).toHaveCount(0);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, `ai-plan-dashboard-${width}`, { fullPage: false });
  }
  await waitForEmail({
    to: user.email,
    subject: /^Your tips/,
    body: /Weekly subscription: 7 picks, one a day; this is the first/,
    since: paidAt,
  });
});

// Decision 190: the monthly plan's card sells the monthly plan — SUBSCRIBE there puts the high
// model's pick in the cart *as the monthly plan*: $1,249, 30 picks, at checkout, after paying and by email.
test('SUBSCRIBE on the monthly card buys the monthly plan, not the weekly one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = newUser('monthly');
  await registerVerifiedViaApi(request, user);
  const session = await sessionFor(request, { email: user.email, password: user.password });
  await buyCreditsWithPaypal(request, session.accessToken, 1249);
  await seedSession(page.context(), session);
  // The model publishes its picks of the day shortly after start-up.
  await expect
    .poll(
      async () => {
        const { aiTips } = (await (await request.get('/api/tips/ai')).json()) as {
          aiTips: Array<{ id: number; tipId: number | null }>;
        };
        return aiTips.find((item) => item.id === 4)?.tipId ?? null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/today-ai-tips');
  // Both high-model cards show the same pick; each names the plan it sells.
  const monthly = page.getByRole('article').filter({
    has: page.getByTestId('ai-card-plan').getByText('Monthly subscription · 30 tips in total'),
  });
  await expect(monthly).toHaveCount(1);
  await expect(monthly).toContainText('$1249.00');
  await expect(
    page
      .getByRole('article')
      .filter({ has: page.getByTestId('ai-card-plan').getByText(/^Weekly subscription/) }),
  ).toHaveCount(1);
  await screenshot(page, 'ai-plan-monthly-card-1280', { fullPage: true });
  await monthly.getByRole('button', { name: /SUBSCRIBE/ }).click();
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('cart-plan')).toHaveText('Monthly subscription · 30 tips in total');
    await expect(page.getByText(/^\$1,?249\.00$/).first()).toBeVisible();
    await screenshot(page, `ai-plan-monthly-checkout-${width}`, { fullPage: false });
  }
  const paidAt = Date.now();
  await payAtCheckoutAndOpenDashboard(page);
  const box = page.getByTestId('ai-plans');
  await expect(box).toContainText('Monthly subscription');
  await expect(box).toContainText('1 of 30 delivered');
  await expect(page.getByTestId('running-tips').getByTestId('tip-row-plan')).toHaveText(
    'Pick of your Monthly subscription',
  );
  await page.setViewportSize({ width: 375, height: 900 });
  await box.scrollIntoViewIfNeeded();
  await screenshot(page, 'ai-plan-monthly-dashboard-375', { fullPage: false });
  await waitForEmail({
    to: user.email,
    subject: /^Your tips/,
    body: /Monthly subscription: 30 picks, one a day; this is the first/,
    since: paidAt,
  });
});
