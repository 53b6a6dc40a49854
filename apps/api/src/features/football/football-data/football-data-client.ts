import type { AppConfig } from '../../../config/env';
import { createFootballDataRestClient } from './football-data-rest.client';
import type { FootballFeedPort } from './football-feed.port';

/** The live feed for this configuration, or null when no token is set (the demo replays instead). */
export function createFootballDataClient(
  footballData: AppConfig['footballData'],
  fetchImpl?: typeof fetch,
): FootballFeedPort | null {
  if (!footballData.token) return null;
  return createFootballDataRestClient({
    apiBase: footballData.apiBase,
    token: footballData.token,
    fetch: fetchImpl,
  });
}
