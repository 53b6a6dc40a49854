import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@tips/contract/public-config.schemas';
import { SUPPORT_EMAIL } from './site';

export type { PublicConfig };

// Not imported from api-client, which would pull the HTTP client into pages that need only this.
const CONFIG_URL = '/api/config';

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch(CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config answered ${response.status}`);
  return (await response.json()) as PublicConfig;
}

/** GET /api/config, read once per page load (PayPal SDK, reCAPTCHA site key, live scores, SEO flag). */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The deployment's support address (SUPPORT_EMAIL, the one the emails name); the default meanwhile. */
export function useSupportEmail(): string {
  return usePublicConfig().data?.supportEmail ?? SUPPORT_EMAIL;
}
