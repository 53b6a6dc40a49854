import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';
import { dataDir, loginViaApi, type PageWatch, screenshot, watchPage } from '../fixtures';

// SPEC §4 Session, ARCHITECTURE › Auth: an access token that expires while two tabs are open is
// renewed without the user noticing: each tab refreshes at most once, both tabs' requests succeed,
// the refresh-token family survives (it is rotated, never revoked). Logging out in one tab ends the
// session in both.

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * The same claims as `token` but expired a minute ago. Signed with the server's own key when the
 * server generated it into DATA_DIR (so the server sees a genuinely expired token, not a forged one);
 * otherwise with a wrong key, which the server refuses the same way (401).
 */
function expiredCopyOf(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const body = `${header}.${base64url(JSON.stringify({ ...claims, iat: now - 960, exp: now - 60 }))}`;
  const secretFile = path.join(dataDir(), 'jwt-secret');
  const secret = existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : 'not-the-server-key';
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const GARBAGE_JWT = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url('{"sub":"1"}')}.garbage`;

function storedTokens(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

/** Counts POST /api/users/refresh per tab and records their statuses. */
function watchRefreshes(context: BrowserContext) {
  const perPage = new Map<Page, number>();
  const statuses: number[] = [];
  const onRequest = (request: Request) => {
    if (!request.url().endsWith('/api/users/refresh')) return;
    const page = request.frame().page();
    perPage.set(page, (perPage.get(page) ?? 0) + 1);
  };
  const onResponse = async (response: import('@playwright/test').Response) => {
    if (response.url().endsWith('/api/users/refresh')) statuses.push(response.status());
  };
  context.on('request', onRequest);
  context.on('response', onResponse);
  return {
    perPage,
    statuses,
    reset() {
      perPage.clear();
      statuses.length = 0;
    },
  };
}

async function expectSignedInDashboard(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Dashboard$/i })).toBeVisible();
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${username}`);
}

// The first request of each tab fails with 401 by design before the refresh; nothing else may fail.
const EXPECTED_401 = [{ path: /^\/api\/(?!users\/refresh$)/, status: 401 }];

test.use({ viewport: { width: 1280, height: 800 } });

test('an expired access token is refreshed transparently while two tabs are open', async ({
  context,
  page,
}) => {
  const tabA = page;
  const tabB = await context.newPage();
  const watches: PageWatch[] = [
    await watchPage(tabA, { allowApiFailures: EXPECTED_401 }),
    await watchPage(tabB, { allowApiFailures: EXPECTED_401 }),
  ];
  const session = await loginViaApi(tabA, 'user', { fresh: true });
  const { username } = session.profile;
  await tabA.goto('/dashboard');
  await tabB.goto('/dashboard');
  await expectSignedInDashboard(tabA, username);
  await expectSignedInDashboard(tabB, username);
  await Promise.all(watches.map((watch) => watch.apiIdle()));
  const refreshes = watchRefreshes(context);

  await test.step('an expired token, both tabs reloading at once', async () => {
    const expired = expiredCopyOf(session.accessToken);
    // One origin, one localStorage: tab B is told of tab A's write. (Reading tab B's storage back
    // would race its app, which may already have met the 401 and stored a refreshed pair.)
    await tabB.evaluate(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { __e2eTokensSeen: (string | null)[] }).__e2eTokensSeen = seen;
      window.addEventListener('storage', (event) => {
        if (event.key === 'accessToken') seen.push(event.newValue);
      });
    });
    await tabA.evaluate((token) => localStorage.setItem('accessToken', token), expired);
    await expect
      .poll(() => tabB.evaluate(() => (window as unknown as { __e2eTokensSeen: string[] }).__e2eTokensSeen))
      .toContain(expired);

    await Promise.all([tabA.reload(), tabB.reload()]);
    await expectSignedInDashboard(tabA, username);
    await expectSignedInDashboard(tabB, username);
    await Promise.all(watches.map((watch) => watch.apiIdle()));

    const stored = await storedTokens(tabA);
    expect(stored.accessToken).not.toBe(expired);
    expect(stored.refreshToken, 'the refresh token was rotated').not.toBe(session.refreshToken);
    expect(refreshes.statuses.length, 'at least one refresh ran').toBeGreaterThan(0);
    expect(
      refreshes.statuses.every((status) => status === 200),
      `refresh statuses ${refreshes.statuses}`,
    ).toBe(true);
    for (const [tab, count] of refreshes.perPage) {
      expect(count, `refreshes by ${tab === tabA ? 'tab A' : 'tab B'}`).toBeLessThanOrEqual(1);
    }
    const profile = await tabA.request.get('/api/users/profile', {
      headers: { Authorization: `Bearer ${stored.accessToken}` },
    });
    expect(profile.status(), 'the renewed access token works').toBe(200);
  });

  await test.step('a garbage token, both tabs navigating in the app at once', async () => {
    refreshes.reset();
    await Promise.all(
      [tabA, tabB].map(async (tab) => {
        await tab.goto('/buy-credits');
        await expect(tab.getByRole('heading', { level: 1, name: /^Buy credits$/i })).toBeVisible();
      }),
    );
    await Promise.all(watches.map((watch) => watch.apiIdle()));
    const before = await storedTokens(tabA);
    await tabA.evaluate((token) => localStorage.setItem('accessToken', token), GARBAGE_JWT);
    // Client-side navigations (no reload): each tab's running app meets the 401 with its refresh queue.
    await Promise.all(
      [tabA, tabB].map((tab) =>
        tab.evaluate(() => {
          window.history.pushState({}, '', '/dashboard');
          window.dispatchEvent(new PopStateEvent('popstate'));
        }),
      ),
    );
    await expectSignedInDashboard(tabA, username);
    await expectSignedInDashboard(tabB, username);
    await Promise.all(watches.map((watch) => watch.apiIdle()));
    const after = await storedTokens(tabB);
    expect(after.accessToken).not.toBe(GARBAGE_JWT);
    expect(after.refreshToken, 'the family lives on: the latest refresh token was rotated again').not.toBe(
      before.refreshToken,
    );
    expect(
      refreshes.statuses.every((status) => status === 200),
      `refresh statuses ${refreshes.statuses}`,
    ).toBe(true);
    await screenshot(tabB, 'session tab B after two refreshes');
  });

  await test.step('the session is still valid on the server', async () => {
    const { refreshToken } = await storedTokens(tabA);
    const response = await tabA.request.post('/api/users/refresh', { data: { RefreshToken: refreshToken } });
    expect(response.status(), 'the current refresh token is not revoked').toBe(200);
  });

  for (const watch of watches) expect(await watch.report()).toEqual([]);
});

test('logging out in one tab ends the session in both', async ({ context, page }) => {
  const tabA = page;
  const tabB = await context.newPage();
  const watchA = await watchPage(tabA);
  const watchB = await watchPage(tabB);
  const session = await loginViaApi(tabA, 'user', { fresh: true });
  await tabA.goto('/dashboard');
  await tabB.goto('/buy-credits');
  await expectSignedInDashboard(tabA, session.profile.username);
  await expect(accountMenu(tabB)).toBeVisible();
  await Promise.all([watchA.apiIdle(), watchB.apiIdle()]);
  const { refreshToken } = await storedTokens(tabA);

  await accountMenu(tabA).click();
  await tabA.getByRole('button', { name: /^Logout$/i }).click();
  await expect(tabA).toHaveURL(/\/login$/);
  await expect(tabA.getByRole('heading', { level: 1, name: /^Member Login$/i })).toBeVisible();
  expect(await storedTokens(tabA)).toEqual({ accessToken: null, refreshToken: null });
  expect(await tabA.evaluate(() => localStorage.getItem('userProfile'))).not.toContain(
    session.profile.username,
  );

  // Tab B follows through the storage event: its header turns into the visitor's.
  await expect(accountMenu(tabB)).toHaveCount(0);
  await tabB.reload();
  await expect(tabB, 'a protected page sends the signed-out tab to /login').toHaveURL(/\/login$/);

  // The server ended the session: its refresh token is refused.
  const response = await tabA.request.post('/api/users/refresh', { data: { RefreshToken: refreshToken } });
  expect(response.status()).toBe(401);
  await screenshot(tabA, 'session after logout');
  expect(await watchA.report()).toEqual([]);
  expect(await watchB.report()).toEqual([]);
});
