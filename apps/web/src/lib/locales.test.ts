import { LANGUAGE_HTML_LANG, LANGUAGES, type Language } from '@tips/contract/rules';
import { findEnglishCopies } from '@tips/contract/translation-copies';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../public/locales/*.json', { eager: true, import: 'default' });
const locales = new Map(
  Object.entries(files).map(([path, tree]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), tree]),
);

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

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();

/**
 * i18next plural keys: `wins_one`, `wins_few`… Each language has the forms its own plural rules
 * name (Intl.PluralRules of its BCP 47 tag: Arabic six, Russian four, Hebrew three, Japanese one),
 * so plural keys are compared by their base; a form may spell its number out ("one win").
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(PLURAL, '')));
const pluralBases = (tree: Map<string, unknown>) =>
  new Set([...tree.keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL, '')));

const english = flatten(locales.get('en') ?? {});
const others = LANGUAGES.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

describe('locale files', () => {
  it('exist for exactly the 18 languages', () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has keys', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  it.each(others)('%s has every key of en.json and no other', (language) => {
    const translated = baseKeys(flatten(locales.get(language) ?? {}).keys());
    const reference = baseKeys(english.keys());
    const missing = [...reference].filter((key) => !translated.has(key));
    const extra = [...translated].filter((key) => !reference.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('%s has exactly the plural forms of its own plural rules', (language) => {
    const translated = flatten(locales.get(language) ?? {});
    const categories = new Intl.PluralRules(LANGUAGE_HTML_LANG[language]).resolvedOptions().pluralCategories;
    for (const base of pluralBases(english)) {
      const forms = [...translated.keys()].filter(
        (key) => key.replace(PLURAL, '') === base && PLURAL.test(key),
      );
      expect(forms.map((key) => PLURAL.exec(key)?.[1]).sort(), base).toEqual([...categories].sort());
    }
  });

  // Issue #33: a string left in English is one a reader of that language cannot read. Words the
  // language really shares with English are listed, per language and with reasons, in
  // packages/contract/src/translation-copies.ts (decision 125).
  it.each(others)('%s carries no English string outside its reviewed allow-list', (language) => {
    const copies = findEnglishCopies(english, flatten(locales.get(language) ?? {}), language);
    expect(copies).toEqual([]);
  });

  it.each(LANGUAGES)('%s has non-empty strings with the same placeholders as English', (language) => {
    const translated = flatten(locales.get(language) ?? {});
    for (const [key, value] of translated) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
      if (PLURAL.test(key)) {
        // Every form names at most English's placeholders; the "other" form names them all.
        const source = String(english.get(key.replace(PLURAL, '_other')) ?? '');
        const names = placeholders(String(value));
        expect(
          names.every((name) => placeholders(source).includes(name)),
          key,
        ).toBe(true);
        if (key.endsWith('_other')) expect(names, key).toEqual(placeholders(source));
        continue;
      }
      const source = english.get(key);
      if (source === undefined) continue; // reported by the key test
      expect(placeholders(String(value)), key).toEqual(placeholders(String(source)));
    }
  });
});

describe('generated locale files', () => {
  it('are up to date with the per-area fragments (run npm run locales -w @tips/web)', async () => {
    // @ts-expect-error: plain JS build script without types
    const { mergeLocales } = await import('../../scripts/merge-locales.mjs');
    const merged = mergeLocales() as Record<string, Tree>;
    for (const [language, tree] of Object.entries(merged))
      expect(locales.get(language), language).toEqual(tree);
  });
});
