import { describe, expect, it } from 'vitest';

const files = import.meta.glob<unknown>('../../public/locales/*.json', { eager: true, import: 'default' });

// #21.5: translations that slipped. The built locale files (public/locales, what the browser loads).
function strings(language: string): string[] {
  const tree = files[`../../public/locales/${language}.json`];
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  walk(tree);
  return out;
}

describe('locale wording', () => {
  it('German speaks to the user as "du" everywhere, never "Sie"', () => {
    const formal = strings('de').filter((s) => /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/.test(s));
    expect(formal).toEqual([]);
  });

  it('Arabic headings name the tiers as the badges do, not in English', () => {
    const english = strings('ar-ae').filter((s) => /\b(Premium|Senior|PREMIUM|SENIOR)\b/.test(s));
    expect(english).toEqual([]);
  });
});
