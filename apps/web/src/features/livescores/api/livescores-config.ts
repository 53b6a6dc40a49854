import { usePublicConfig } from '../../../lib/public-config';
import { LIVESCORES_URL } from '../../../lib/site';

/** Only an absolute http(s) address may be framed; anything else falls back to the default. */
export function widgetUrlFrom(value: unknown): string {
  if (typeof value !== 'string') return LIVESCORES_URL;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : LIVESCORES_URL;
  } catch {
    return LIVESCORES_URL;
  }
}

/**
 * The widget address: the server's LIVESCORES_URL from GET /api/config (its origin is what the
 * CSP allows to be framed), or the built-in default when the config cannot be read.
 */
export function useLivescoresUrl(): { isPending: boolean; url: string } {
  const config = usePublicConfig();
  return {
    isPending: config.isPending,
    url: widgetUrlFrom(config.data?.livescoresUrl),
  };
}
