import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env';

/**
 * Headers on every response: API, errors, the SPA and its assets. Tokens live in localStorage
 * (SPEC), so the CSP is the main defence: no inline script anywhere, only our origin plus the
 * PayPal SDK, reCAPTCHA when enabled, and the live-scores frame.
 */

export const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];
// The PayPal SDK loads part of its code and images from paypalobjects.com.
const PAYPAL_SCRIPT_HOSTS = [...PAYPAL_HOSTS, 'https://www.paypalobjects.com'];
const RECAPTCHA_SCRIPT_HOSTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_HOSTS = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

export type CspDirectives = Record<string, string[]>;

export function contentSecurityPolicy(config: Pick<AppConfig, 'livescoresUrl' | 'recaptcha'>): CspDirectives {
  const recaptcha = config.recaptcha.enabled;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...PAYPAL_SCRIPT_HOSTS, ...(recaptcha ? RECAPTCHA_SCRIPT_HOSTS : [])],
    'script-src-attr': ["'none'"],
    // The PayPal SDK and the reCAPTCHA badge inject <style> elements without a nonce we could give
    // them from a static index.html; inline styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...PAYPAL_HOSTS],
    'frame-src': [
      ...PAYPAL_HOSTS,
      new URL(config.livescoresUrl).origin,
      ...(recaptcha ? RECAPTCHA_FRAME_HOSTS : []),
    ],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export interface SecurityHeadersOptions {
  config: Pick<AppConfig, 'livescoresUrl' | 'recaptcha'>;
}

export function helmetOptions(config: SecurityHeadersOptions['config']): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // PayPal checkout opens a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Language variants are subdomains of one site (de.example.com); they may share images.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once: they depend on the configuration only (no nonces).
 * @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on every request, which
 * cost about 5 % of a cached catalogue request (docs/decisions/040-hot-path-overheads.md).
 */
export function securityHeaders(config: SecurityHeadersOptions['config']): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Responses no cache may keep (decision 113, issue 29.6): every API response to a request that
 * carries a bearer token (the profile, purchased tips and their selections, notifications, the
 * tipster portal, the back office …), to a request with a token in its URL (a signed link), and to
 * every API request that is not a GET or HEAD (logins, refreshes and hand-offs hand out tokens;
 * purchases, requests and captures answer with orders). Public GETs keep their own caching.
 */
export function isPrivateResponse(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  if (request.headers.authorization !== undefined) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return /[?&]token=/.test(request.url);
}

const securityHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { config }) => {
  const headers = securityHeaders(config);
  // Callback hooks, not async ones: every request runs them, and a promise per hook per request
  // is measurable on a cache hit (docs/decisions/041-catalogue-fast-path.md).
  // First onRequest hook: every response, including errors, the SPA and shed requests, has them.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Fastify sets no X-Powered-By; this guards against anything added later in the chain.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.removeHeader('x-powered-by');
    if (isPrivateResponse(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
};

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
