import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './rules/constants';
import {
  findEnglishCopies,
  lettersBeyondAllowedTerms,
  SAME_AS_ENGLISH,
  SAME_IN_EVERY_LANGUAGE,
} from './translation-copies';

const english = new Map<string, string>([
  ['outcomes.HALF_WIN', 'Half win'],
  ['tipstersPage.recordCounts', '{{wins}} · {{losses}}'],
  ['roles.tipster', 'Tipster'],
  ['profile.title', 'Tipster profile'],
  ['columns.tipster', 'TIPSTER'],
  ['tipstersPage.wins_one', '{{count, number}} win'],
  ['tipstersPage.wins_other', '{{count, number}} wins'],
  ['contact.telegram', 'Telegram'],
  ['aiModel.backtestTitle', 'Backtest: {{seasons}} ({{competitions}})'],
]);

describe('English copies in a locale', () => {
  it('finds a sentence left in English, and nothing where the text differs', () => {
    const german = new Map([
      ['outcomes.HALF_WIN', 'Half win'],
      ['profile.title', 'Tipster-Profil'],
    ]);
    expect(findEnglishCopies(english, german, 'de')).toEqual([
      { key: 'outcomes.HALF_WIN', text: 'Half win' },
    ]);
  });

  it('lets through strings made only of placeholders and punctuation, in every language', () => {
    const same = new Map([['tipstersPage.recordCounts', '{{wins}} · {{losses}}']]);
    for (const language of LANGUAGES) {
      if (language === 'en') continue;
      expect(findEnglishCopies(english, same, language), language).toEqual([]);
    }
  });

  it('lets through brand names everywhere, but a language’s own terms only in that language', () => {
    const copied = new Map([
      ['contact.telegram', 'Telegram'],
      ['roles.tipster', 'Tipster'],
      ['columns.tipster', 'TIPSTER'],
      ['aiModel.backtestTitle', 'Backtest: {{seasons}} ({{competitions}})'],
    ]);
    expect(findEnglishCopies(english, copied, 'de')).toEqual([]);
    expect(findEnglishCopies(english, copied, 'ru').map((copy) => copy.key)).toEqual([
      'roles.tipster',
      'columns.tipster',
      'aiModel.backtestTitle',
    ]);
  });

  it('does not excuse an English phrase because one of its words is allowed', () => {
    const copied = new Map([['profile.title', 'Tipster profile']]);
    expect(findEnglishCopies(english, copied, 'de')).toEqual([
      { key: 'profile.title', text: 'Tipster profile' },
    ]);
    expect(lettersBeyondAllowedTerms('Tipster profile', 'de')).toBe('profile');
    // Whole words only: "Tip" (allowed in Vietnamese) does not excuse "Tipsterx".
    expect(lettersBeyondAllowedTerms('Tipsterx', 'vn')).toBe('Tipsterx');
  });

  it('compares each plural form with every English form (Russian "few" copied from "other")', () => {
    const russian = new Map([
      ['tipstersPage.wins_one', '{{count, number}} победа'],
      ['tipstersPage.wins_few', '{{count, number}} wins'],
      ['tipstersPage.wins_many', '{{count, number}} побед'],
      ['tipstersPage.wins_other', '{{count, number}} победы'],
    ]);
    expect(findEnglishCopies(english, russian, 'ru')).toEqual([
      { key: 'tipstersPage.wins_few', text: '{{count, number}} wins' },
    ]);
  });
});

describe('the allow-list', () => {
  it('gives a reason for every entry', () => {
    const reasons = [
      ...Object.values(SAME_IN_EVERY_LANGUAGE),
      ...Object.values(SAME_AS_ENGLISH).flatMap((terms) => Object.values(terms)),
    ];
    for (const reason of reasons) expect(reason.trim().length).toBeGreaterThan(5);
  });

  it('stays short: at most 25 terms for any language, none for the non-Latin scripts but OK in Japanese', () => {
    for (const [language, terms] of Object.entries(SAME_AS_ENGLISH))
      expect(Object.keys(terms).length, language).toBeLessThanOrEqual(25);
    for (const language of ['ar-ae', 'cn', 'il', 'in', 'kr', 'ru', 'th'] as const)
      expect(SAME_AS_ENGLISH[language], language).toEqual({});
    expect(Object.keys(SAME_AS_ENGLISH.jp)).toEqual(['OK']);
  });
});
