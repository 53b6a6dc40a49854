import { SEO_KEYWORDS_PER_PAGE } from '@tips/contract/rules';
import { describe, expect, it } from 'vitest';
import { pickRandom } from './hidden-keywords';

// Through Vite rather than a JSON import, which the app's TypeScript project does not include.
const [keywords] = Object.values(
  import.meta.glob<string[]>('./keywords.json', { eager: true, import: 'default' }),
);

describe('hidden SEO keywords', () => {
  it('come from a list of at least 400 distinct phrases', () => {
    expect(keywords.length).toBeGreaterThanOrEqual(400);
    expect(new Set(keywords.map((phrase) => phrase.toLowerCase())).size).toBe(keywords.length);
  });

  it('draw 150 distinct phrases, differently on each draw', () => {
    const first = pickRandom(keywords, SEO_KEYWORDS_PER_PAGE);
    const second = pickRandom(keywords, SEO_KEYWORDS_PER_PAGE);
    expect(first).toHaveLength(150);
    expect(new Set(first).size).toBe(150);
    expect(first).not.toEqual(second);
  });

  it('never ask for more than the list holds', () => {
    expect(pickRandom(['a', 'b'], 150)).toHaveLength(2);
  });
});
