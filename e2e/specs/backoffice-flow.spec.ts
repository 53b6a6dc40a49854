import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  ACCOUNTS,
  type AccountName,
  announceShortLivedTip,
  findEmails,
  londonDateAndTime,
  screenshot,
  sessionFor,
  withdrawShortLivedTip,
} from '../fixtures';

// Issue 8 end to end: the admin imports a match, a tipster publishes a tip on it (picked in the
// portal's fixture picker), a user buys with credits, the admin settles it as a win, and the buyer,
// the mailbox and the public profile all show it.

/** The worker's shared session of the account (the login route's per-account limit is tight). */
async function apiToken(request: APIRequestContext, account: AccountName): Promise<string> {
  return (await sessionFor(request, account)).accessToken;
}

async function apiGet<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

async function signInThroughUi(page: Page, account: AccountName): Promise<void> {
  // A signed-in user opening /login goes to the dashboard (#21.7): switch accounts as a person
  // does, signed out first (what the header's Log out leaves behind on this device).
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      for (const key of ['accessToken', 'refreshToken', 'userProfile']) localStorage.removeItem(key);
    });
  }
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(ACCOUNTS[account].email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The admin imports one match into en.1 through the back office's upload (an openfootball file). */
async function importFixture(
  request: APIRequestContext,
  match: { homeTeam: string; awayTeam: string; kickoff: Date },
): Promise<void> {
  const token = await apiToken(request, 'admin');
  const file = {
    name: 'Test League 2026/27',
    matches: [
      {
        round: 'Matchday 1',
        ...londonDateAndTime(match.kickoff),
        team1: match.homeTeam,
        team2: match.awayTeam,
      },
    ],
  };
  const response = await request.post('/api/admin/fixtures/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'en.1.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ competition: 'en.1', added: 1, skipped: [] });
}

interface Figures {
  wins: number;
  losses: number;
  draws: number;
  totalTips: number;
}

test('a tipster publishes, a user buys, the admin settles a win, and everyone sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const homeTeam = `Home${stamp}`;
  const awayTeam = `Away${stamp}`;

  const [tipsterToken, userToken] = await Promise.all([
    apiToken(request, 'tipster'),
    apiToken(request, 'user'),
  ]);
  const summary = await apiGet<{ tipster: { id: number } }>(request, '/api/tipster/summary', tipsterToken);
  const tipsterId = summary.tipster.id;
  const before = await apiGet<Figures>(request, `/api/tipsters/profile/${tipsterId}`);
  let tipId = 0;

  // 1. The admin imports the match (openfootball times are whole minutes): kick-off is the first
  // whole minute at least 45 s ahead (importing, publishing and buying take a few seconds), 45–105 s
  // away. The tipster then publishes on it through the portal's picker. Until it is settled the tip
  // leads today's list: the specs that pay for a listed tip pass it over.
  const kickoff = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
  announceShortLivedTip({ until: kickoff.getTime() + 120_000, homeTeam });
  await importFixture(request, { homeTeam, awayTeam, kickoff });
  await signInThroughUi(page, 'tipster');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Tipster portal' }).click();
  await expect(page).toHaveURL(/\/tipster$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tipster portal' })).toBeVisible();
  try {
    const form = page.getByRole('form', { name: 'Publish a tip' });
    const picker = form.getByRole('combobox', { name: 'Match' });
    await picker.fill(homeTeam);
    await form.getByRole('option', { name: new RegExp(`${homeTeam} – ${awayTeam}`) }).click();
    await expect(picker).toHaveValue(`${homeTeam} – ${awayTeam}`);
    await form.getByLabel('Betting type').selectOption('3');
    await form.getByLabel('Outcome').selectOption('Home');
    // Issue #27: the form shows the market's best price of the selection and fills the odds with it
    // (the demo's house book prices a match imported a minute ago when the form asks for its odds).
    await expect(form.getByTestId('market-price')).toContainText('House book (demo)');
    await expect(form.getByLabel('Odds')).toHaveValue(/^\d+\.\d\d$/);
    // Issue #18: the tipster's confidence in units, part of the published tip.
    await form.getByLabel('Stake (units)').fill('3');
    await form.getByLabel('Price (USD)').fill('7.50');
    await form.getByLabel('Reasoning').fill('Home side unbeaten in ten.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText('Tip published.')).toBeVisible();
    const myTips = page.getByRole('region', { name: 'My tips' });
    await expect(myTips.getByRole('row', { name: new RegExp(homeTeam) })).toBeVisible();

    const published = await apiGet<{
      data: Array<{
        id: number;
        homeTeam: string;
        awayTeam: string;
        eventTime: string;
        selection: string;
        fixtureId: number | null;
        outcome: string | null;
        stake: number;
      }>;
    }>(request, '/api/tipster/tips?pageSize=50', tipsterToken);
    const tip = published.data.find((item) => item.homeTeam === homeTeam);
    expect(tip, 'the published tip').toBeDefined();
    tipId = tip!.id;
    // Teams and kick-off are the imported fixture's.
    expect(tip).toMatchObject({ awayTeam, selection: 'Home', outcome: null, stake: 3 });
    expect(tip!.fixtureId).toEqual(expect.any(Number));
    expect(new Date(tip!.eventTime).getTime()).toBe(kickoff.getTime());

    // 2. The demo user buys it with credits before kick-off.
    const buy = await request.post('/api/tips/buy', {
      headers: { Authorization: `Bearer ${userToken}` },
      data: { cart: [tipId] },
    });
    expect(buy.status(), await buy.text()).toBe(200);
    const running = await apiGet<{ data: Array<{ id: number }> }>(request, '/api/tips/running', userToken);
    expect(running.data.map((item) => item.id)).toContain(tipId);

    // The portal's pictures, now that the purchase is in before kick-off.
    await screenshot(page, 'tipster-portal-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('list', { name: 'My tips' }).getByText(homeTeam)).toBeVisible();
    await screenshot(page, 'tipster-portal-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 3. After kick-off the admin settles it as a win in the admin UI.
    const wait = kickoff.getTime() + 2_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await signInThroughUi(page, 'admin');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Matches to settle' }).getByText(`${homeTeam} – ${awayTeam}`),
    ).toBeVisible();
    await screenshot(page, 'admin-settlement-1280');

    await page.getByRole('button', { name: `Settle #${tipId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Settle tip #${tipId}`, exact: true });
    await dialog.getByLabel('Home', { exact: true }).fill('2');
    await dialog.getByLabel('Away', { exact: true }).fill('1');
    await dialog.getByLabel('Home (HT)').fill('1');
    await dialog.getByLabel('Away (HT)').fill('0');
    await dialog.getByRole('button', { name: 'Suggest result' }).click();
    await expect(dialog.getByText('Suggested: Win (FT 2-1 (HT 1-0))')).toBeVisible();
    await expect(dialog.getByLabel('Win')).toBeChecked();
    await screenshot(page, 'admin-settle-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Settled. Result emails: 1.')).toBeVisible();
  } finally {
    withdrawShortLivedTip(homeTeam);
  }
  await expect(page.getByRole('button', { name: `Settle #${tipId}`, exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Recent settlements' }).getByText(`#${tipId}`, { exact: true }),
  ).toBeVisible();

  // 4. The buyer finds it in History as a win; the running list no longer has it.
  const history = await apiGet<{
    data: Array<{ id: number; result: string | null; outcome: string | null; resultDetails: string | null }>;
  }>(request, '/api/tips/history?pageSize=50', userToken);
  const settled = history.data.find((item) => item.id === tipId);
  expect(settled).toMatchObject({ result: 'Win', outcome: 'WIN', resultDetails: 'FT 2-1 (HT 1-0)' });
  const stillRunning = await apiGet<{ data: Array<{ id: number }> }>(request, '/api/tips/running', userToken);
  expect(stillRunning.data.map((item) => item.id)).not.toContain(tipId);

  // 5. The result email reaches the buyer's mailbox.
  await expect
    .poll(
      async () =>
        (await findEmails({ to: ACCOUNTS.user.email, body: homeTeam })).filter((mail) =>
          /Win/.test(mail.text),
        ).length,
      {
        timeout: 60_000,
        message: 'result email in the mailbox',
      },
    )
    .toBe(1);

  // 6. The public profile moves by exactly one settled win.
  await expect
    .poll(async () => {
      const after = await apiGet<Figures>(request, `/api/tipsters/profile/${tipsterId}`);
      return {
        wins: after.wins - before.wins,
        losses: after.losses - before.losses,
        draws: after.draws - before.draws,
        totalTips: after.totalTips - before.totalTips,
      };
    })
    .toEqual({ wins: 1, losses: 0, draws: 0, totalTips: 1 });

  await screenshot(page, 'admin-settlement-after-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'admin-settlement-375');
});

test('the back office turns away visitors and users without the role', async ({ page, request }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/tipster');
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughUi(page, 'user');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Tipster portal' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByText('Not allowed')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/tipster');
  await expect(page.getByText('Not allowed')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Publish a tip' })).toHaveCount(0);

  // The API agrees: a plain user's token is refused.
  const token = await apiToken(request, 'user');
  const response = await request.get('/api/admin/users', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
});

// A 1×1 PNG, enough for the photo upload (the API re-encodes it).
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the admin confirms a manual payment, adjusts credits, handles a message and adds a tipster', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const userToken = await apiToken(request, 'user');
  const auth = { Authorization: `Bearer ${userToken}` };
  const balance = async () =>
    (await apiGet<{ data: { creditBalance: number } }>(request, '/api/users/profile', userToken)).data
      .creditBalance;
  const startBalance = await balance();

  const creditRequest = await request.post('/api/credits/request', {
    headers: auth,
    data: { credits: 50, method: 3 },
  });
  expect(creditRequest.status(), await creditRequest.text()).toBe(200);
  const contact = await request.post('/api/users/contact', {
    data: {
      name: 'Dana Demo',
      email: 'dana@example.test',
      subject: `Question ${stamp}`,
      message: 'When are today’s tips posted?',
    },
  });
  expect(contact.status(), await contact.text()).toBe(200);

  await signInThroughUi(page, 'admin');

  // Payment requests: confirm the pending Bitcoin request; the credits arrive once.
  await page.goto('/admin/orders');
  const orders = page.getByRole('region', { name: 'Payment requests' });
  const orderRow = orders.getByRole('row', { name: /Bitcoin/ }).filter({ hasText: 'demo' });
  await expect(orderRow).toHaveCount(1);
  await screenshot(page, 'admin-orders-1280');
  await orderRow.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(confirm.getByText(/Confirm only once the payment has arrived/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment confirmed.')).toBeVisible();
  // Other specs may leave their own requests pending: only this one must be gone.
  await expect(orderRow).toHaveCount(0);
  expect(await balance()).toBeCloseTo(startBalance + 50, 2);

  // Contact messages: mark the new one handled.
  await page.goto('/admin/contact');
  const messages = page.getByRole('region', { name: 'Contact messages' });
  const messageRow = messages.getByRole('row', { name: new RegExp(`Question ${stamp}`) });
  await expect(messageRow).toBeVisible();
  await screenshot(page, 'admin-contact-1280');
  await messageRow.getByRole('button', { name: 'Mark handled' }).click();
  await expect(messages.getByRole('row', { name: new RegExp(`Question ${stamp}`) })).toHaveCount(0);

  // Users: find the demo user, take 5 credits away with a reason, see the ledger entry.
  await page.goto('/admin/users');
  await page.getByLabel('Username, email or name').fill('demo');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Open demo', exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'demo' });
  await expect(detail.getByRole('region', { name: 'Ledger' })).toBeVisible();
  await detail.getByLabel('Amount').fill('-5');
  await detail.getByRole('button', { name: 'Apply' }).click();
  await expect(detail.getByText('Give a reason (at least 3 characters).')).toBeVisible();
  await detail.getByLabel('Reason').fill(`Goodwill correction ${stamp}`);
  await detail.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^New balance: /)).toBeVisible();
  await expect(
    detail.getByRole('region', { name: 'Ledger' }).getByText(new RegExp(`Goodwill correction ${stamp}`)),
  ).toBeVisible();
  expect(await balance()).toBeCloseTo(startBalance + 45, 2);
  await screenshot(page, 'admin-user-detail-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'admin-user-detail-375', { fullPage: false });
  await detail.getByRole('button', { name: 'Close' }).click();
  await screenshot(page, 'admin-users-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'admin-users-1280');

  // Tipsters: create a profile with a photo.
  await page.goto('/admin/tipsters');
  await page.getByRole('button', { name: 'New tipster' }).click();
  const form = page.getByRole('dialog', { name: 'New tipster' });
  await form.getByLabel('Name').fill(`E2E Tipster ${stamp}`);
  await form.getByLabel('Category').selectOption('PREMIUM');
  await form.getByLabel('Location').fill('Lisbon, Portugal');
  await form.getByLabel('Bio').fill('Reads the Primeira Liga like a book.');
  await form
    .getByLabel('Photo')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const tipsterRow = page
    .getByRole('region', { name: 'Tipsters' })
    .getByRole('row', { name: new RegExp(`E2E Tipster ${stamp}`) });
  await expect(tipsterRow).toBeVisible();
  await expect(tipsterRow.locator('img')).toHaveCount(1);
  await screenshot(page, 'admin-tipsters-1280');

  // Audit log: every action above is recorded.
  await page.goto('/admin/audit');
  const audit = page.getByRole('region', { name: 'Audit log' });
  for (const action of [
    'order.confirm',
    'contact_message.handle',
    'user.adjust_credits',
    'tipster.create',
    'tipster.photo',
  ]) {
    await expect(audit.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await screenshot(page, 'admin-audit-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'admin-audit-375');
  await page.goto('/admin/orders');
  await screenshot(page, 'admin-orders-375');
});
