import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@tips/contract';

/**
 * The site language a request was made from, decided as the web decides it
 * (apps/web/src/lib/language.ts): the first label of the host name (`de.example.com`,
 * `ar-ae.localhost`), else English. Fastify's `hostname` honours X-Forwarded-Host only behind a
 * trusted proxy, and the web's dev/preview proxy keeps the browser's Host (changeOrigin: false).
 */
export function languageFromHostname(hostname: string | undefined): Language {
  const firstLabel = (hostname ?? '').toLowerCase().split('.')[0];
  return isLanguage(firstLabel) ? firstLabel : FALLBACK_LANGUAGE;
}

export function requestLanguage(request: { hostname?: string }): Language {
  return languageFromHostname(request.hostname);
}
