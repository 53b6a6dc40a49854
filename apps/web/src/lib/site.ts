// Site-wide facts the shell shows. Contact handles and social profiles are the business's to
// fill in; these values are the defaults until it does.
export const SITE_NAME = 'TipsMarket';
// The server's default SUPPORT_EMAIL; pages show the configured one (useSupportEmail, GET /api/config).
export const SUPPORT_EMAIL = 'support@tipsmarket.example';
export const TELEGRAM_HANDLE = '@tipsmarket_support';
export const TELEGRAM_URL = 'https://t.me/tipsmarket_support';
export const CHAT_CHANNEL_URL = 'https://t.me/tipsmarket_channel';
export const HOW_TO_USE_PDF_URL = '/docs/how-to-use-the-platform.pdf';
// The live-scores widget on /livescores when the API's GET /api/config does not name one
// (the server's LIVESCORES_URL; its origin must be allowed in the CSP's frame-src).
export const LIVESCORES_URL = 'https://www.scorebat.com/embed/livescore/';
// Contact channels on /contact besides the support email and the messaging handle.
export const CHAT_ID = 'tipsmarket.support';
export const MESSENGER_URL = 'https://m.me/tipsmarket';

export interface SocialLink {
  id: 'instagram' | 'facebook' | 'x' | 'telegram';
  label: string;
  href: string;
}

// SPEC §1: photo-sharing, social network, short-post network and messaging app profiles.
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/tipsmarket' },
  { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/tipsmarket' },
  { id: 'x', label: 'X', href: 'https://x.com/tipsmarket' },
  { id: 'telegram', label: 'Telegram', href: TELEGRAM_URL },
];

/**
 * The site's public origin: the one the server writes into every page it sends
 * (<meta name="public-origin">, from PUBLIC_URL on the page's language subdomain), so a page
 * reached under another host name still names the configured address. The address in the browser
 * only where no server wrote it (the Vite dev server).
 */
export function publicOrigin(doc: Document | undefined = globalThis.document): string {
  const written = doc?.querySelector<HTMLMetaElement>('meta[name="public-origin"]')?.content;
  if (written) return written.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function canonicalUrl(path: string): string {
  return `${publicOrigin()}${path.startsWith('/') ? path : `/${path}`}`;
}
