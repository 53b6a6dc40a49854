import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, bearer, loginViaApi, screenshot, waitForEmail } from '../fixtures';
import { newUser, registerVerifiedViaApi } from '../fixtures/new-user';

// Issue #28 part 2 (decision 165): the tier rules are public, and an admin moves a tipster with a
// reason from the back office; the tipster is emailed and may then price a tip up to the tier's cap.

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test(`the tier rules are a public page, reached from the charter, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tipster-charter');
    await expect(page.getByText(/^Last updated: 27 November 2026$/)).toBeVisible();
    await page.getByRole('link', { name: 'How tipsters move between tiers' }).click();
    await expect(page).toHaveURL(/\/tipster-tiers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tipster tiers' })).toBeVisible();
    await expect(page).toHaveTitle(/Tipster tiers/);

    const tiers = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    const novice = tiers.filter({ has: page.getByRole('heading', { name: 'Novice' }) });
    const senior = tiers.filter({ has: page.getByRole('heading', { name: 'Senior' }) });
    const premium = tiers.filter({ has: page.getByRole('heading', { name: 'Premium' }) });
    await expect(novice).toContainText('Free tips only');
    await expect(senior).toContainText('Tips up to $50.00');
    await expect(senior).toContainText('At least 30 settled tips');
    await expect(senior).toContainText('Luck figure of 1 in 5 or rarer');
    await expect(senior).toContainText('A record chain that verifies');
    await expect(premium).toContainText('Tips up to $250.00');
    await expect(premium).toContainText('At least 100 settled tips');
    await expect(page.getByText(/If it is still below 30 days later, they move down one tier/)).toBeVisible();
    await noSidewaysScroll(page);
    await screenshot(page, `tipster-tiers-${width}`);
  });
}

test('an admin moves a Novice to Senior with a reason: emailed, audited, and the tipster may then sell', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A member applies (the API, as the application has its own spec) and is a Novice.
  const member = newUser('tier');
  await registerVerifiedViaApi(page.request, member);
  const memberSession = await loginViaApi(
    page,
    { email: member.username, password: member.password },
    { fresh: true },
  );
  const displayName = `Tiered ${member.username.slice(-8)}`;
  const applied = await page.request.post(`${BASE_URL}/api/tipster-applications`, {
    headers: bearer(memberSession.accessToken),
    data: {
      displayName,
      bio: 'Bundesliga totals, mostly unders in the rain.',
      country: 'Germany',
      markets: [2],
      acceptCharter: true,
    },
  });
  expect(applied.status()).toBe(201);
  // A new session carries the tipster role (the web client renews its token after applying).
  await loginViaApi(page, { email: member.username, password: member.password }, { fresh: true });

  // The Novice's portal offers no price and says why.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/tipster');
  await expect(page.getByText(/As a Novice you publish free tips only/)).toBeVisible();
  await expect(page.getByLabel('Price (USD)')).toHaveCount(0);
  await screenshot(page, 'tipster-portal-novice-375', { fullPage: false });

  // The admin finds the tipster in the back office and changes the tier, by keyboard.
  const adminContext = await browser.newContext({ storageState: await page.context().storageState() });
  const admin = await adminContext.newPage();
  await loginViaApi(admin, 'admin', { fresh: true });
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto('/admin/tipsters');
  await admin.getByLabel('Name or location').fill(displayName);
  await admin.keyboard.press('Enter');
  const row = admin
    .getByRole('region', { name: 'Tipsters' })
    .getByRole('row', { name: new RegExp(displayName) });
  await expect(row).toContainText('NOVICE');
  const since = Date.now();
  await row.getByRole('button', { name: `Change the tier of ${displayName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Tier of ${displayName}` });
  await expect(dialog.getByText('Current tier: Novice')).toBeVisible();
  // Without a reason nothing is sent.
  await dialog.getByRole('button', { name: 'Change tier' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await dialog.getByLabel('New tier').selectOption('SENIOR');
  await dialog.getByLabel('Reason').fill('Verified record of 400 tips on another site');
  await screenshot(admin, 'admin-tipster-tier-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Change tier' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Tier changed.')).toBeVisible();
  await expect(row).toContainText('SENIOR');

  // At a phone's width the control is there too.
  await admin.setViewportSize({ width: 375, height: 812 });
  // (The table is a list of cards at this width.)
  await admin.getByRole('button', { name: `Change the tier of ${displayName}` }).click();
  await expect(admin.getByRole('dialog', { name: `Tier of ${displayName}` })).toBeVisible();
  await expect(admin.getByText('Current tier: Senior')).toBeVisible();
  await noSidewaysScroll(admin);
  await screenshot(admin, 'admin-tipster-tier-375', { fullPage: false });
  await admin.keyboard.press('Escape');

  // Audited with the reason.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto('/admin/audit');
  await expect(
    admin.getByRole('region', { name: 'Audit log' }).getByText('tipster.tier', { exact: true }).first(),
  ).toBeVisible();
  await adminContext.close();

  // The tipster is told, with the reason.
  const email = await waitForEmail({ to: member.email, subject: 'You are now a Senior tipster', since });
  expect(email.text).toContain('Verified record of 400 tips on another site');

  // And may now price a tip, within the Senior cap.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/tipster');
  const price = page.getByLabel('Price (USD)');
  await expect(price).toBeVisible();
  await expect(page.getByText('Senior tipsters may ask up to $50.00.')).toBeVisible();
  await screenshot(page, 'tipster-portal-senior-1280', { fullPage: false });
});
