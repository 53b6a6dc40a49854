import { readdirSync } from 'node:fs';
import { LANGUAGES, type Language } from '@tips/contract';
import { findEnglishCopies } from '@tips/contract/translation-copies';
import { describe, expect, it } from 'vitest';
import { verificationEmail } from '../../features/accounts/account-emails';
import { tipAlertEmail } from '../../features/alerts/alert-emails';
import { tipsPurchasedEmail } from '../../features/commerce/emails/purchase-emails';
import type { TipRow } from '../../features/tips/settlement/settlement.repo';
import { tipResultEmail } from '../../features/tips/settlement/tip-result-emails';
import { MAIL_CATALOGUES, mailLocale } from './mail-i18n';
import { languageFromHostname } from './request-language';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      for (const entry of flatten(value, path)) entries.set(...entry);
    else entries.set(path, value);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(MAIL_CATALOGUES.en as Tree);

describe('email catalogues', () => {
  it('exist as files for exactly the 18 languages of the contract', () => {
    const files = readdirSync(new URL('./locales', import.meta.url)).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
    expect(english.size).toBeGreaterThan(50);
  });

  it.each(LANGUAGES)('%s has exactly the English keys, non-empty, with the same placeholders', (language) => {
    const translated = flatten(MAIL_CATALOGUES[language] as Tree);
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, source] of english) {
      const value = translated.get(key);
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
      expect(placeholders(String(value)), key).toEqual(placeholders(String(source)));
    }
  });

  // Issue #33: the same check as the web's locale files, with the same reviewed allow-list
  // (packages/contract/src/translation-copies.ts, decision 125).
  const others = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');
  it.each(others)('%s carries no English string outside its allow-list', (language) => {
    const copies = findEnglishCopies(english, flatten(MAIL_CATALOGUES[language] as Tree), language);
    expect(copies).toEqual([]);
  });
});

describe('mail language', () => {
  it('comes from the first label of the host name, as on the web', () => {
    expect(languageFromHostname('de.localhost')).toBe('de');
    expect(languageFromHostname('AR-AE.example.com')).toBe('ar-ae');
    expect(languageFromHostname('localhost')).toBe('en');
    expect(languageFromHostname('www.example.com')).toBe('en');
    expect(languageFromHostname('127.0.0.1')).toBe('en');
    expect(languageFromHostname(undefined)).toBe('en');
  });

  it('falls back to English for an unknown language or a missing key', () => {
    expect(mailLocale('xx').language).toBe('en');
    expect(mailLocale(null).t('verify.subject')).toBe('Verify your email address');
    expect(mailLocale('de').t('no.such.key', { defaultValue: 'fallback' })).toBe('fallback');
  });

  it('writes German in German and Arabic and Hebrew right to left, values escaped', () => {
    const de = verificationEmail('a@example.test', '<Anna>', 'https://x.test/verify-email/c', 'de');
    expect(de.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(de.text).toContain('Hallo <Anna>,');
    expect(de.html).toContain('Hallo &lt;Anna&gt;,');
    expect(de.html).toContain('<html lang="de" dir="ltr">');
    for (const [language, tag] of [
      ['ar-ae', 'ar-AE'],
      ['il', 'he'],
    ] as const) {
      const email = verificationEmail('a@example.test', 'A', 'https://x.test/v', language);
      expect(email.html).toContain(`<html lang="${tag}" dir="rtl">`);
    }
    const en = verificationEmail('a@example.test', 'Ann', 'https://x.test/v', 'en');
    expect(en.subject).toBe('Verify your email address');
    expect(en.html).toContain('dir="ltr"');
  });

  it('translates the result word and the betting type of a result email', () => {
    const tip = {
      id: 1,
      homeTeam: 'A',
      awayTeam: 'B',
      league: 'L',
      eventTime: new Date('2026-01-01T12:00:00Z'),
      bettingType: 1,
      selection: 'A -0.5',
      oddsHundredths: 190,
      result: 'WIN',
      resultDetails: null,
    } as unknown as TipRow;
    const email = tipResultEmail('a@example.test', tip, 'https://x.test', { kind: 'settled' }, 'de');
    expect(email.subject).toBe('Tipp-Ergebnis: A vs B – Gewonnen');
    expect(email.text).toContain('Asiatisches Handicap (Endstand)');
    expect(tipResultEmail('a@example.test', tip, 'https://x.test', { kind: 'settled' }).subject).toBe(
      'Tip result: A vs B — Win',
    );
  });

  // Issue #30.5: the pick's market words in the buyer's language; the line stays as written.
  it.each([
    ['de', 'Heim -0.5', 'Über 2.5'],
    ['ru', 'Хозяева -0.5', 'Больше 2.5'],
    ['en', 'Home -0.5', 'Over 2.5'],
  ] as const)('writes the selection of a result email in %s', (language, home, over) => {
    const tip = (selection: string) =>
      ({
        id: 2,
        homeTeam: 'Homestead FC',
        awayTeam: 'B',
        league: 'L',
        eventTime: new Date('2026-01-01T12:00:00Z'),
        bettingType: 1,
        selection,
        oddsHundredths: 190,
        result: 'WIN',
        resultDetails: null,
      }) as unknown as TipRow;
    const homeEmail = tipResultEmail(
      'a@example.test',
      tip('Home -0.5'),
      'https://x.test',
      { kind: 'settled' },
      language,
    );
    expect(homeEmail.text).toContain(home);
    // A team's name is not a market word, even when it starts with one.
    expect(homeEmail.text).toContain('Homestead FC vs B');
    const overEmail = tipResultEmail(
      'a@example.test',
      tip('Over 2.5'),
      'https://x.test',
      { kind: 'settled' },
      language,
    );
    expect(overEmail.text).toContain(over);
  });

  // Issue #30.5: the receipt and a free tip's alert say the pick in the buyer's words too.
  it('writes the pick of a purchase receipt and of an alert in German', () => {
    const receipt = tipsPurchasedEmail({
      to: 'a@example.test',
      language: 'de',
      firstName: 'Anna',
      orderId: '0f1e2d3c-0000-4000-8000-000000000001',
      tips: [
        {
          homeTeam: 'Homestead FC',
          awayTeam: 'B',
          league: 'L',
          eventTime: new Date('2026-01-01T12:00:00Z'),
          bettingType: 1,
          selection: 'Away',
          oddsHundredths: 250,
          reasoning: '',
        },
      ],
      totalCents: 500,
      paidWith: 'credits',
      refundedCents: 0,
      dashboardUrl: 'https://x.test/dashboard',
    });
    expect(receipt.text).toContain('Auswärts');
    expect(receipt.text).toContain('Homestead FC');
    expect(receipt.text).not.toMatch(/\bAway\b/);

    const alert = tipAlertEmail(
      {
        id: 1,
        user_id: 2,
        email: 'a@example.test',
        language: 'de',
        tip_id: 3,
        tipster_id: 4,
        tipster_name: 'Tina',
        home_team: 'Homestead FC',
        away_team: 'B',
        league: 'L',
        event_time: new Date('2026-01-01T12:00:00Z'),
        betting_type: 3,
        odds_hundredths: 190,
        price_cents: 0,
        free_selection: 'Under 2.5',
        blocked_until: null,
      },
      { publicUrl: 'https://x.test', oneClickUrl: 'https://x.test/u', pageUrl: 'https://x.test/p' },
    );
    expect(alert.text).toContain('Unter 2.5');
    expect(alert.text).not.toContain('Under 2.5');
  });
});
