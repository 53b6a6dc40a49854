import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  announceShortLivedTip,
  bearer,
  type Credentials,
  loginViaApi,
  londonDateAndTime,
  newUser,
  registerVerifiedViaApi,
  screenshot,
  sessionFor,
  withdrawShortLivedTip,
} from '../fixtures';

// Issue #28 parts 3–5 end to end (decisions 170, 171): a new tipster's tip sells once with credits
// and once through PayPal, earns 70 % of each (credits at $0.75) as pending; the admin settles it and,
// with EARNINGS_HOLD_DAYS=0 in the e2e server, the share is available; in the portal the tipster
// saves a PayPal address and requests a payout, which the PayPal Payouts emulator pays.

// The tipster is one of this test's own (a member who applies, promoted to Senior by the admin so
// that a $20 tip is within the tier's cap): the back-office spec sells the demo tipster's tips at the
// same time, and its sales must not move this test's before-and-after figures.

interface Earnings {
  pending: number;
  available: number;
  paidOut: number;
  sharePercent: number;
}

async function token(request: APIRequestContext, account: 'admin' | 'user' | Credentials) {
  return (await sessionFor(request, account)).accessToken;
}

/** A verified member who applies as a tipster and is promoted to Senior by the admin. */
async function newSeniorTipster(request: APIRequestContext): Promise<Credentials> {
  const user = newUser('earner');
  await registerVerifiedViaApi(request, user);
  const credentials = { email: user.email, password: user.password };
  const applied = await ok<{ data: { tipsterId: number } }>(
    await request.post('/api/tipster-applications', {
      headers: bearer(await token(request, credentials)),
      data: {
        displayName: `Earner ${user.username.slice(-6)}`,
        bio: 'Home sides after a midweek rest, priced before the market moves.',
        country: user.country,
        markets: [3],
        acceptCharter: true,
      },
    }),
    201,
  );
  await ok(
    await request.post(`/api/admin/tipsters/${applied.data.tipsterId}/tier`, {
      headers: bearer(await token(request, 'admin')),
      data: { category: 'SENIOR', reason: 'Earnings end-to-end test' },
    }),
  );
  return credentials;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

async function earnings(request: APIRequestContext, account: Credentials): Promise<Earnings> {
  const tipster = await token(request, account);
  return (
    await ok<{ data: Earnings }>(await request.get('/api/tipster/earnings', { headers: bearer(tipster) }))
  ).data;
}

const cents = (dollars: number) => Math.round(dollars * 100);

test('a sale earns the tipster their share, available after settlement, paid out through PayPal', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const homeTeam = `Earn${stamp}`;
  const awayTeam = `Pay${stamp}`;
  const account = await newSeniorTipster(request);
  const payoutEmail = `payouts.${stamp.toLowerCase()}@example.test`;
  const [admin, tipster, buyer] = await Promise.all([
    token(request, 'admin'),
    token(request, account),
    token(request, 'user'),
  ]);

  // A match kicking off in about a minute, imported by the admin; the tipster publishes a $20 tip.
  const kickoff = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
  announceShortLivedTip({ until: kickoff.getTime() + 120_000, homeTeam });
  try {
    const file = {
      name: 'Earnings League 2026/27',
      matches: [{ round: 'Matchday 1', ...londonDateAndTime(kickoff), team1: homeTeam, team2: awayTeam }],
    };
    await ok(
      await request.post('/api/admin/fixtures/import', {
        headers: bearer(admin),
        multipart: {
          file: {
            name: 'en.1.json',
            mimeType: 'application/json',
            buffer: Buffer.from(JSON.stringify(file)),
          },
        },
      }),
    );
    const fixtures = await ok<{ data: Array<{ id: number; homeTeam: string }> }>(
      await request.get('/api/fixtures', { params: { q: homeTeam, pageSize: 5 } }),
    );
    const fixture = fixtures.data.find((f) => f.homeTeam === homeTeam);
    expect(fixture, 'the imported match').toBeDefined();
    // Published at the market's price (decision 150): the house book prices the new match on demand.
    const prices = await ok<{
      data: { markets: Array<{ bettingType: number; selection: string; odds: number }> };
    }>(await request.get(`/api/fixtures/${fixture!.id}/odds`));
    const home = prices.data.markets.find((m) => m.bettingType === 3 && m.selection === 'Home');
    expect(home, 'a price for the home win').toBeDefined();
    const published = await ok<{ data: { id: number } }>(
      await request.post('/api/tipster/tips', {
        headers: bearer(tipster),
        data: { fixtureId: fixture!.id, bettingType: 3, selection: 'Home', odds: home!.odds, price: 20 },
      }),
      201,
    );
    const tipId = published.data.id;
    const before = await earnings(request, account);

    // Bought with 20 credits by the demo user, and through PayPal by the admin.
    await ok(await request.post('/api/tips/buy', { headers: bearer(buyer), data: { cart: [tipId] } }));
    const { orderId } = await ok<{ orderId: string }>(
      await request.post('/api/tips/purchase/paypal', { headers: bearer(admin), data: { cart: [tipId] } }),
    );
    await ok(await request.post(`/api/sandbox/paypal/orders/${orderId}/approve`, { data: {} }));
    await ok(await request.post('/api/tips/paypal/capture', { headers: bearer(admin), data: { orderId } }));

    // 70 % of $20 (PayPal) = $14.00 and of 20 credits at $0.75 = $10.50: $24.50 pending.
    const sold = await earnings(request, account);
    expect(sold.sharePercent).toBe(70);
    expect(cents(sold.pending) - cents(before.pending)).toBe(2450);

    // After kick-off the admin settles it; with no hold the share is available at once.
    const wait = kickoff.getTime() + 2_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await ok(
      await request.post(`/api/admin/tips/${tipId}/settle`, {
        headers: bearer(admin),
        data: { result: 'WIN', resultDetails: 'FT 1-0 (HT 0-0)' },
      }),
    );
  } finally {
    withdrawShortLivedTip(homeTeam);
  }
  const settled = await earnings(request, account);
  expect(cents(settled.available)).toBeGreaterThanOrEqual(2450);

  // The portal: figures, the sales of this match, the PayPal address and a payout request.
  // Signed in anew: the tokens from before the application carry the member's roles only.
  await loginViaApi(page, account, { fresh: true });
  await page.goto('/tipster');
  const section = page.getByRole('region', { name: 'Earnings and payouts' });
  await expect(section.getByRole('list', { name: 'Earnings and payouts' })).toContainText('Available');
  await expect(section.getByText('You earn 70% of each sale of your tips.', { exact: false })).toBeVisible();
  const sales = section.getByRole('region', { name: 'Sales and refunds' });
  await expect(sales.getByText(`${homeTeam} vs ${awayTeam}`).first()).toBeVisible();

  await section.getByLabel('PayPal email address').fill(payoutEmail);
  await section.getByRole('button', { name: 'Save address' }).click();
  await expect(section.getByText('Payout address saved.')).toBeVisible();

  await section.getByLabel('Amount (USD)').fill('24.50');
  await section.getByRole('button', { name: 'Request payout' }).click();
  await expect(section.getByText('Payout requested.')).toBeVisible();
  const history = section.getByRole('region', { name: 'Payout history' });
  await expect(history.getByText('$24.50').first()).toBeVisible();
  await screenshot(page, 'tipster-earnings-1280');

  // The payout worker sends it; the emulator's webhook says it was paid.
  await expect
    .poll(
      async () => {
        const list = await ok<{ data: Array<{ amount: number; status: string; receiver: string }> }>(
          await request.get('/api/tipster/payouts', { headers: bearer(await token(request, account)) }),
        );
        return list.data.find((p) => p.receiver === payoutEmail && p.amount === 24.5)?.status;
      },
      { timeout: 60_000, message: 'the payout is paid' },
    )
    .toBe('SUCCEEDED');
  const after = await earnings(request, account);
  expect(cents(after.paidOut) - cents(settled.paidOut)).toBe(2450);
  expect(cents(settled.available) - cents(after.available)).toBe(2450);

  await page.reload();
  await expect(history.getByText('Paid').first()).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(section.getByText('Paid').first()).toBeVisible();
  await screenshot(page, 'tipster-earnings-375', { fullPage: true });

  // The admin's payout queue shows it paid, and the month's revenue beside it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginViaApi(page, 'admin');
  await page.goto('/admin/payouts');
  const queue = page.getByRole('table', { name: 'Payouts' });
  await expect(queue.getByRole('row', { name: payoutEmail }).first()).toContainText('Paid');
  await expect(page.getByRole('region', { name: 'Platform revenue by month' }).first()).toContainText(
    'Commission',
  );
  await screenshot(page, 'admin-payouts-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'admin-payouts-375', { fullPage: true });
});
