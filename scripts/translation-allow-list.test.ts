import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAME_AS_ENGLISH, SAME_IN_EVERY_LANGUAGE } from '../packages/contract/src/translation-copies';

/**
 * Decision 125: the allow-list of strings a locale may share with English stays short only if a
 * term leaves it once no string needs it. Every term must excuse at least one string that really
 * equals English, in the web's locale files or the email catalogues, in its language (or, for the
 * names every language keeps, in some language).
 */
const root = path.resolve(import.meta.dirname, '..');
const CATALOGUES = ['apps/web/public/locales', 'apps/api/src/infra/mail/locales'];

function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

const read = (dir: string, language: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, dir, `${language}.json`), 'utf8')));

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The English strings a key may copy: its own, or for a plural form any English form of the same
 * key (Indonesian has only `_other`, which may rightly equal English `_one`), as findEnglishCopies reads them.
 */
function englishFormsOf(english: Map<string, string>, key: string): string[] {
  if (!PLURAL_SUFFIX.test(key)) return [english.get(key) ?? ''].filter(Boolean);
  const base = key.replace(PLURAL_SUFFIX, '');
  return [...english]
    .filter(([k]) => PLURAL_SUFFIX.test(k) && k.replace(PLURAL_SUFFIX, '') === base)
    .map(([, v]) => v);
}

/** Per language, the strings of all catalogues that are byte-identical to English. */
function copiesOfEnglish(language: string): string[] {
  return CATALOGUES.flatMap((dir) => {
    const english = read(dir, 'en');
    return [...read(dir, language)]
      .filter(([key, text]) => englishFormsOf(english, key).includes(text))
      .map(([, text]) => text);
  });
}

const containsTerm = (text: string, term: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(text);

const languages = readdirSync(path.join(root, CATALOGUES[0]))
  .map((file) => file.replace(/\.json$/, ''))
  .filter((language) => language !== 'en');

describe('the translation allow-list', () => {
  it.each(Object.entries(SAME_AS_ENGLISH))(
    '%s lists only terms some string of that language needs',
    (language, terms) => {
      const copies = copiesOfEnglish(language);
      const unused = Object.keys(terms).filter((term) => !copies.some((text) => containsTerm(text, term)));
      expect(unused).toEqual([]);
    },
  );

  it('lists only names every language keeps that some language needs', () => {
    const copies = languages.flatMap(copiesOfEnglish);
    const unused = Object.keys(SAME_IN_EVERY_LANGUAGE).filter(
      (term) => !copies.some((text) => containsTerm(text, term)),
    );
    expect(unused).toEqual([]);
  });
});
