import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { priceSourceOf } from './market-price-reader';

// The market-price variables of config/env.ts (kept here while env.ts's own tests are reshaped).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-prices-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('market price configuration', () => {
  it('defaults to the house book, API-Football’s real host and the top five leagues', () => {
    const { marketPrices } = load();
    expect(marketPrices).toEqual({
      apiKey: undefined,
      apiBase: 'https://v3.football.api-sports.io',
      leagues: { 'en.1': 39, 'de.1': 78, 'es.1': 140, 'it.1': 135, 'fr.1': 61 },
      minPollMinutes: 60,
      refreshSeconds: 900,
      maxAgeMinutes: 120,
      daysAhead: 7,
      historyDays: 30,
    });
    expect(priceSourceOf(marketPrices)).toBe('house-book');
  });

  it('uses API-Football when a key is set', () => {
    const { marketPrices } = load({
      ODDS_API_KEY: 'k',
      ODDS_API_URL: 'http://127.0.0.1:9/af/',
      ODDS_API_LEAGUES: 'nl.1:88',
    });
    expect(priceSourceOf(marketPrices)).toBe('api-football');
    expect(marketPrices).toMatchObject({ apiBase: 'http://127.0.0.1:9/af', leagues: { 'nl.1': 88 } });
  });

  it.each<Record<string, string>>([
    { ODDS_API_LEAGUES: 'en.1=39' },
    { ODDS_API_URL: 'ftp://example.com' },
    { PRICE_MAX_AGE_MINUTES: '0' },
    { PRICE_DAYS_AHEAD: '31' },
    { ODDS_API_MIN_POLL_MINUTES: 'often' },
  ])('refuses %o', (env) => {
    expect(() => load(env)).toThrow(ConfigError);
  });
});
