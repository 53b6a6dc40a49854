import { SEO_KEYWORDS_PER_PAGE } from '@tips/contract/rules';
import { useEffect, useState } from 'react';
import { AfterFirstPaint } from '../../lib/after-first-paint';
import { usePublicConfig } from '../../lib/public-config';
import keywordsUrl from './keywords.json?url';

/**
 * SPEC §2: a hidden block of 150 keyword phrases, drawn at random on every page view. Switched by
 * the server's SEO_KEYWORDS setting (GET /api/config, on by default; also on when the config cannot
 * be read). Search engines treat hidden text as spam and may demote the site for it (see README).
 */
export function useHiddenKeywordsEnabled(): boolean {
  const config = usePublicConfig();
  if (config.isError) return true;
  return config.data?.seoKeywords ?? false;
}

/** `count` distinct items in random order (a partial Fisher–Yates shuffle). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const picked = Math.min(count, pool.length);
  for (let index = 0; index < picked; index += 1) {
    const swap = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[swap]] = [pool[swap], pool[index]];
  }
  return pool.slice(0, picked);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The phrases are data, not code: they are fetched after the page's first frame, so they cost the
 * landing route no JavaScript and its first paint no request (the config that switches them is in
 * the page from the start). Hidden from sight and from assistive technology alike.
 */
export function HiddenKeywords() {
  return (
    <AfterFirstPaint>
      <KeywordBlock />
    </AfterFirstPaint>
  );
}

function KeywordBlock() {
  const isEnabled = useHiddenKeywordsEnabled();
  const [phrases, setPhrases] = useState<string[]>([]);
  useEffect(() => {
    if (!isEnabled) return;
    const controller = new AbortController();
    fetch(keywordsUrl, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : []))
      .then((list: unknown) => {
        if (isStringList(list)) setPhrases(pickRandom(list, SEO_KEYWORDS_PER_PAGE));
      })
      .catch(() => {
        // Keywords are a nicety; a failed fetch changes nothing the visitor can see.
      });
    return () => controller.abort();
  }, [isEnabled]);
  if (!isEnabled || phrases.length === 0) return null;
  return (
    <div aria-hidden="true" className="sr-only" data-testid="seo-keywords">
      <ul>
        {phrases.map((phrase) => (
          <li key={phrase}>{phrase}</li>
        ))}
      </ul>
    </div>
  );
}
