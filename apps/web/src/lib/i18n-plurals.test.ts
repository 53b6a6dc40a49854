import type { Language } from '@tips/contract/rules';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

/**
 * Issue #22: site codes are not locales. `in` handed to i18next meant Indonesian (one plural
 * form), `jp` and `il` meant nothing (English rules). initI18n gives i18next the BCP 47 tag, so
 * each page counts and writes numbers by its own language's rules, while the locale file is still
 * fetched by site code (/locales/in.json).
 */

const files = import.meta.glob<unknown>('../../public/locales/*.json', { eager: true, import: 'default' });
const requested: string[] = [];

/** The built locale files, as the server sends them for /locales/<site code>.json. */
function serveLocaleFiles() {
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const name = decodeURIComponent(url).split('/').pop();
    const body = files[`../../public/locales/${name}`];
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

async function pageIn(language: Language) {
  requested.length = 0;
  serveLocaleFiles();
  const i18n = await initI18n(language);
  await i18n.changeLanguage(i18n.language); // the instance is shared across tests: re-point it
  return i18n;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('plural rules and numbers by language', () => {
  it('Hindi (site code in): 0 and 1 take the singular, lakh grouping, file in.json', async () => {
    const i18n = await pageIn('in');
    expect(i18n.language).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(requested).toContain('/locales/in.json');
    expect(i18n.t('tipstersPage.wins', { count: 0 })).toBe('0 जीत');
    expect(i18n.t('tipstersPage.wins', { count: 1 })).toBe('1 जीत');
    expect(i18n.t('tipstersPage.wins', { count: 2 })).toBe('2 जीतें');
    expect(i18n.t('tipstersPage.losses', { count: 123456 })).toBe('1,23,456 हारें');
  });

  it('Hebrew (site code il): one, two and other forms, right to left', async () => {
    const i18n = await pageIn('il');
    expect(i18n.language).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('tipstersPage.wins', { count: 1 })).toBe('ניצחון אחד');
    expect(i18n.t('tipstersPage.wins', { count: 2 })).toBe('שני ניצחונות');
    expect(i18n.t('tipstersPage.wins', { count: 7 })).toBe('7 ניצחונות');
  });

  it('Japanese (site code jp): one form for every count', async () => {
    const i18n = await pageIn('jp');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('tipstersPage.wins', { count: 1 })).toBe('1勝');
    expect(i18n.t('tipstersPage.losses', { count: 12345 })).toBe('12,345敗');
  });

  it('English: "1 win", "0 wins" (no more "1 wins")', async () => {
    const i18n = await pageIn('en');
    expect(i18n.t('tipstersPage.wins', { count: 1 })).toBe('1 win');
    expect(i18n.t('tipstersPage.wins', { count: 0 })).toBe('0 wins');
  });

  it('a stake in units counts like any other count (issue #30.5: "1 units")', async () => {
    const en = await pageIn('en');
    expect(en.t('tipsterProfile.stakeUnits', { count: 1 })).toBe('1 unit');
    expect(en.t('tipsterProfile.stakeUnits', { count: 10 })).toBe('10 units');
    const ru = await pageIn('ru');
    expect([1, 3, 5].map((count) => ru.t('tipsterProfile.stakeUnits', { count }))).toEqual([
      '1 единица',
      '3 единицы',
      '5 единиц',
    ]);
    const de = await pageIn('de');
    expect(de.t('tipsterProfile.stakeUnits', { count: 1 })).toBe('1 Einheit');
  });

  it('Arabic (ar-ae): the six forms of Arabic', async () => {
    const i18n = await pageIn('ar-ae');
    expect(i18n.language).toBe('ar-AE');
    const form = (count: number) => i18n.t('tipstersPage.wins', { count });
    expect(new Set([0, 1, 2, 3, 11, 100].map(form)).size).toBe(6);
  });
});

// Keep the module-level i18next instance from leaking into other test files' expectations.
afterEach(() => i18next.off('languageChanged'));
