import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ROOT, localeUrl, screenshot, watchPage } from '../fixtures';

// Issue #22: each site language counts and writes numbers by its own rules. The Hindi site
// (in.localhost) is not Indonesian, the Japanese (jp) and Hebrew (il) ones are not English: the
// page's <html lang> is the BCP 47 tag, and every tipster's record on /tipsters reads exactly as
// the language's plural rule (Intl.PluralRules of that tag) and number format pick from the
// locale file: "0 जीत / 2 जीतें" in Hindi, "ניצחון אחד / שני ניצחונות / 7 ניצחונות" in Hebrew,
// one form in Japanese.

type Forms = Record<string, string>;

function pluralForms(site: string, base: 'wins' | 'losses'): Forms {
  const file = path.join(E2E_ROOT, '..', 'apps', 'web', 'public', 'locales', `${site}.json`);
  const page = (JSON.parse(readFileSync(file, 'utf8')) as { tipstersPage: Record<string, string> })
    .tipstersPage;
  return Object.fromEntries(
    Object.entries(page)
      .filter(([key]) => key.startsWith(`${base}_`))
      .map(([key, value]) => [key.slice(base.length + 1), value]),
  );
}

/** What the page must show for `text`'s count: the form its plural rule picks, number formatted. */
function expectedFor(text: string, forms: Forms, tag: string): string {
  const digits = text.replace(/[^\d]/g, '');
  // A form that spells its number out ("ניצחון אחד") carries no digits: it must be one of those.
  if (digits === '') return Object.values(forms).find((form) => form === text) ?? `(no form reads "${text}")`;
  const count = Number(digits);
  const form = forms[new Intl.PluralRules(tag).select(count)] ?? forms.other;
  return form.replace('{{count, number}}', new Intl.NumberFormat(tag).format(count));
}

async function checkRecords(page: Page, site: string, tag: string) {
  const watch = await watchPage(page);
  const response = await page.goto(localeUrl(site, '/tipsters'));
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
  const records = page.locator('[data-record]');
  await expect(records.first()).toBeVisible();
  const texts = await records.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  const wins = pluralForms(site, 'wins');
  const losses = pluralForms(site, 'losses');
  // The locale file has exactly the forms the language's rules name.
  expect(Object.keys(wins).sort()).toEqual(
    [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories].sort(),
  );
  for (const text of texts) {
    const [winsText, lossesText] = text.split(' · ');
    expect(winsText).toBe(expectedFor(winsText, wins, tag));
    expect(lossesText).toBe(expectedFor(lossesText, losses, tag));
  }
  await watch.apiIdle();
  await screenshot(page, `locale formats ${site}`);
  expect(await watch.report()).toEqual([]);
  return texts;
}

test.use({ viewport: { width: 1280, height: 800 } });

test('Hindi (in.localhost): Hindi plural rules and digits, not Indonesian', async ({ page }) => {
  const texts = await checkRecords(page, 'in', 'hi');
  expect(texts.join(' ')).toMatch(/जीत/);
});

test('Japanese (jp.localhost): one form for every count', async ({ page }) => {
  const texts = await checkRecords(page, 'jp', 'ja');
  expect(texts.join(' ')).toMatch(/\d勝/);
});

test('Hebrew (il.localhost): Hebrew plural forms, right to left', async ({ page }) => {
  await checkRecords(page, 'il', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('English: "1 win" reads singular where the count is one', async ({ page }) => {
  const texts = await checkRecords(page, 'en', 'en');
  expect(texts.join(' ')).not.toMatch(/\b1 wins\b|\b1 losses\b/);
});

// Issue #30.5: a kick-off is written by the page's language (the SPEC's en-GB form stays English's),
// always with the zone: "22.11.2026, 18:05 GMT+1" on the German and Russian tip cards.
for (const site of ['de', 'ru'] as const) {
  test(`${site}: tip cards write the kick-off the language's way, with the zone`, async ({ page }) => {
    await page.goto(localeUrl(site, '/today-tips'));
    const time = page.getByRole('article').first().locator('time');
    await expect(time).toBeVisible();
    const instant = new Date((await time.getAttribute('datetime')) ?? '');
    const dateAndTime = new Intl.DateTimeFormat(site, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: process.env.E2E_TIMEZONE,
    }).format(instant);
    const written = ((await time.textContent()) ?? '').trim();
    expect(dateAndTime).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    expect(written.startsWith(dateAndTime), `"${written}" starts with "${dateAndTime}"`).toBe(true);
    // The zone follows the time.
    expect(written.slice(dateAndTime.length).trim()).not.toBe('');
    await screenshot(page, `kick-off format ${site}`);
  });
}
