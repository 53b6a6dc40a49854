import { LANGUAGES } from '@tips/contract/rules';
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
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = flatten(locales.get('en') ?? {});
const others = LANGUAGES.filter((language) => language !== 'en');

describe('locale files', () => {
  it('exist for exactly the 18 languages', () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has keys', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  it.each(others)('%s has every key of en.json and no other', (language) => {
    const translated = flatten(locales.get(language) ?? {});
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('%s has non-empty strings with the same placeholders as English', (language) => {
    const translated = flatten(locales.get(language) ?? {});
    for (const [key, source] of english) {
      const value = translated.get(key);
      if (value === undefined) continue; // reported by the key test
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
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
