import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { acceptedConsentState } from './fixtures/consent';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// The project's headless flags (scripts/chromium-flags.json), with Playwright's own disabled features
// and those of the omnibox renderer Chromium 156 starts for every window (decision 197).
const flags = JSON.parse(readFileSync(new URL('../scripts/chromium-flags.json', import.meta.url), 'utf8'));
const CHROMIUM_ARGS: string[] = [
  ...flags.args,
  `--disable-features=${[...flags.playwrightDisabledFeatures, ...flags.omniboxFeatures].join(',')}`,
];

/**
 * The browser's time zone: one where the day has just begun (00:00–00:59 now). "Today" is the
 * viewer's day (issue #30.1), so in the host's zone a suite run late in the evening would find no
 * match left today and the pages that list today's tips empty. Just after local midnight, today
 * spans the next 23–24 hours of the demo's fixtures whenever the suite runs. (It was 1 a.m.: on a
 * Sunday evening, UTC, the demo's next matches were Monday's at 19:45 UTC, and a suite started at
 * 20:20 UTC found none in a day that ended at 19:00 UTC, ten in one that ends at 20:00.)
 * Etc/GMT-N is UTC+N (POSIX signs).
 */
function zoneWhereTheDayHasJustBegun(now: Date): string {
  let offset = (24 - now.getUTCHours()) % 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'UTC';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const TIMEZONE = process.env.E2E_TIMEZONE ?? zoneWhereTheDayHasJustBegun(new Date());
process.env.E2E_TIMEZONE = TIMEZONE;
// Every run starts the built product on a fresh data folder: migrations, demo seed, mailbox.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'tips-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  // Two workers: one spec file's tests run in order in one worker, and routes, public-pages and a11y
  // (independent read-only tests) spread over both. A single worker left a core idle most of the
  // time (the browser, the runner and the server take turns); see README › Parallel runs for why
  // the specs may share the server.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // list for the console; the HTML report (e2e/playwright-report, not committed) opens each failure's
  // trace, screenshot and error context: npx playwright show-report e2e/playwright-report
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // #22.6: every browser starts as a visitor who accepted third-party content (fixtures/consent.ts).
    storageState: acceptedConsentState(PORT),
    // Recorded for every test, kept for the failing ones: actions, DOM snapshots before and after each
    // (the trace viewer renders them), network, console and sources. Not the screencast filmstrip: it
    // made Chromium encode a JPEG for every frame, a fifth of the suite's CPU on two cores, and the
    // failure screenshot below shows the last state anyway.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app's CSS honours it (animations and transitions take 1 ms): dialogs and menus are at rest
    // as soon as they open, so nothing waits for a fade and Chromium paints fewer frames.
    reducedMotion: 'reduce',
    timezoneId: TIMEZONE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm run serve --prefix ..',
    cwd: import.meta.dirname,
    url: `http://localhost:${PORT}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // Load shedding off: Chromium and the server share two cores here, and a 503 for a slow event loop
    // would fail a browser test for the machine's sake, not the product's.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      // The fixtures' API sign-ups and logins each come from their own forwarded address
      // (fixtures/client-address.ts): the whole suite runs from one IP, and the per-IP limits
      // (10 sign-ups an hour, 30 logins in 15 minutes) are there for attackers, not for it.
      TRUST_PROXY: 'true',
      // A configured support address and Bitcoin wallet, so the specs see the site show them
      // (the footer, the manual-payment popup) as the emails do; Western Union stays unconfigured.
      SUPPORT_EMAIL: 'help@tipsmarket.example',
      // Tipster earnings are available as soon as a tip settles, and a payout of a few dollars may be
      // requested (decisions 170, 171): the earnings spec pays one out within a run.
      EARNINGS_HOLD_DAYS: '0',
      PAYOUT_MINIMUM: '1',
      MANUAL_PAYMENT_DETAILS: JSON.stringify({ 3: 'bc1qe2etestwalletaddress0000000000000000' }),
    },
  },
});
