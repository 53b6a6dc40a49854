import { findCompetition } from '../../football/competition-catalogue';
import type { FixtureBatch, PriceSourcePort } from '../price-source.port';
import { quotesOf } from './api-football.mapping';
import { type ApiFootballClient, createApiFootballRestClient } from './api-football-rest.client';

/**
 * The price source backed by API-Football (decision 135): for one of our competitions and one day,
 * one `/fixtures` call (the teams) and the `/odds` pages of that league and day, mapped and
 * matched to our fixtures. A competition without a configured league id is not priced.
 */

export interface ApiFootballSourceOptions {
  client: ApiFootballClient;
  /** Our competition code → API-Football league id. */
  leagues: Readonly<Record<string, number>>;
  minPollMs: number;
}

/** API-Football's season: the starting year of a July–June season, else the calendar year. */
export function apiFootballSeason(competitionCode: string, day: string): number {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const split = (findCompetition(competitionCode)?.seasonStyle ?? 'split') === 'split';
  return split && month < 7 ? year - 1 : year;
}

export function createApiFootballPriceSource(opts: ApiFootballSourceOptions): PriceSourcePort {
  return {
    kind: 'api-football',
    minPollMs: opts.minPollMs,
    async pricesFor(batch: FixtureBatch) {
      const league = opts.leagues[batch.competitionCode];
      if (league === undefined || batch.fixtures.length === 0) return [];
      const query = { league, season: apiFootballSeason(batch.competitionCode, batch.day), date: batch.day };
      const fixtures = await opts.client.fixtures(query);
      const odds = await opts.client.odds(query);
      return quotesOf(batch, fixtures, odds);
    },
  };
}

export function createApiFootballSourceFromConfig(
  config: { apiKey: string; apiBase: string; leagues: Record<string, number>; minPollMinutes: number },
  fetchImpl?: typeof fetch,
): PriceSourcePort {
  return createApiFootballPriceSource({
    client: createApiFootballRestClient({ apiBase: config.apiBase, apiKey: config.apiKey, fetch: fetchImpl }),
    leagues: config.leagues,
    minPollMs: config.minPollMinutes * 60_000,
  });
}
