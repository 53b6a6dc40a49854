import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@tips/contract/public-config.schemas';
import { SUPPORT_EMAIL } from './site';

export type { PublicConfig };

// Not imported from api-client, which would pull the HTTP client into pages that need only this.
const CONFIG_URL = '/api/config';

/**
 * The answer the server wrote into the page (`<meta name="public-config">`, apps/api
 * plugins/crawlers.ts), so that no page waits on a request for it; null where the page came from
 * elsewhere (the development server) or the tag cannot be read, and the app then asks.
 */
export function publicConfigInPage(doc: Document | undefined = globalThis.document): PublicConfig | null {
  const written = doc?.querySelector<HTMLMetaElement>('meta[name="public-config"]')?.content;
  if (!written) return null;
  try {
    const config = JSON.parse(written) as PublicConfig | null;
    return typeof config === 'object' && config !== null ? config : null;
  } catch {
    return null;
  }
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch(CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config answered ${response.status}`);
  return (await response.json()) as PublicConfig;
}

/**
 * GET /api/config, read once per page load (PayPal SDK, reCAPTCHA site key, live scores, SEO flag):
 * from the page itself when the server wrote it there.
 */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  initialData: publicConfigInPage() ?? undefined,
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
