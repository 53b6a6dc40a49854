import { expect, type Page, test } from '@playwright/test';
import { formatViolations, horizontalOverflow, runAxe, screenshot } from '../fixtures';

// Issue #18: a tipster's record is a hash chain anyone can check. The "Verify this record" page is
// reached from the profile, verifies the live export in the browser, and names the event of a
// tampered file (what an attacker who edited the database would have to publish).

interface RecordEvent {
  seq: number;
  kind: string;
  tipId: number;
  oddsHundredths: number | null;
  outcome: string | null;
}
interface RecordExport {
  tipster: { id: number; name: string };
  events: RecordEvent[];
}

async function firstTipster(page: Page): Promise<{ id: number; name: string }> {
  const response = await page.request.get('/api/tipsters?category=premium&pageNumber=1&pageSize=1');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number; name: string }[] }).data[0];
}

async function exportOf(page: Page, tipsterId: number): Promise<RecordExport> {
  const response = await page.request.get(`/api/tipsters/${tipsterId}/record`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RecordExport;
}

async function dropFile(page: Page, name: string, record: unknown) {
  await page.getByTestId('record-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
}

test('the profile links to the verify page, which verifies the live record in the browser', async ({
  page,
}) => {
  const tipster = await firstTipster(page);
  const record = await exportOf(page, tipster.id);
  expect(record.events.length).toBeGreaterThan(0);

  await page.goto(`/tipster-profile/${tipster.id}`);
  const link = page.getByRole('link', { name: 'Verify this record' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(link).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `record-verify-profile-${width}`, { fullPage: false });
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tipster-profile/${tipster.id}/verify$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Verify this record/i);
  const verdict = page.getByTestId('verify-result').first();
  await expect(verdict).toContainText(
    new RegExp(`Verified: ${record.events.length} events, profit -?\\d+\\.\\d\\d units`),
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `record-verify-${width}`);
  }
});

test('a file with a changed odds or a deleted losing tip is refused at that event', async ({ page }) => {
  const tipster = await firstTipster(page);
  const record = await exportOf(page, tipster.id);
  await page.goto(`/tipster-profile/${tipster.id}/verify`);
  await expect(page.getByTestId('verify-result').first()).toContainText('Verified:');

  // The honest file verifies too.
  await dropFile(page, 'honest.json', record);
  const fileVerdict = page.getByTestId('verify-result').nth(1);
  await expect(fileVerdict).toContainText(`Verified: ${record.events.length} events`);

  // Better odds on the second published tip.
  const published = record.events.filter((e) => e.kind === 'published')[1];
  const betterOdds = structuredClone(record);
  const target = betterOdds.events.find((e) => e.seq === published.seq) as RecordEvent;
  target.oddsHundredths = (target.oddsHundredths ?? 200) + 50;
  await dropFile(page, 'better-odds.json', betterOdds);
  await expect(fileVerdict).toContainText(`Not verified: event #${published.seq} (tip ${published.tipId})`);
  await expect(fileVerdict).toContainText('A recorded field of this event was changed');

  // A losing tip removed: its two events gone, and the events after it renumbered.
  const loss = record.events.find((e) => e.outcome === 'LOSS');
  // The demo's tipsters all have losing tips; the attack must always be tried.
  expect(loss, 'a losing tip in the record').toBeDefined();
  const lossTip = (loss as RecordEvent).tipId;
  const withoutLoss = structuredClone(record);
  withoutLoss.events = withoutLoss.events
    .filter((e) => e.tipId !== lossTip)
    .map((e, i) => ({ ...e, seq: i + 1 }));
  const firstAfter = withoutLoss.events.find((e, i) => e.tipId !== record.events[i]?.tipId);
  await dropFile(page, 'without-loss.json', withoutLoss);
  if (firstAfter) {
    await expect(fileVerdict).toContainText(`Not verified: event #${firstAfter.seq}`);
  } else {
    await expect(fileVerdict).toContainText('Not verified');
  }
  await screenshot(page, 'record-verify-tampered-1280');
  // Both verdicts on screen: no serious or critical accessibility problem (axe-core, WCAG 2.2 AA).
  expect(formatViolations(await runAxe(page))).toBe('');
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'record-verify-tampered-375');
});
