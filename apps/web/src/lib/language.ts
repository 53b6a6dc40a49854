import {
  FALLBACK_LANGUAGE,
  isLanguage,
  isRtlLanguage,
  LANGUAGE_HTML_LANG,
  type Language,
} from '@tips/contract/rules';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1']);
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** SPEC §1/§4: the language is the first label of the host name (`de.example.com`, `de.localhost`). */
export function languageFromHostname(hostname: string): Language {
  const firstLabel = hostname.toLowerCase().split('.')[0];
  return isLanguage(firstLabel) ? firstLabel : FALLBACK_LANGUAGE;
}

/** The host name without its language label and without `www`: the site's English address. */
export function baseHostname(hostname: string): string {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return 'localhost';
  const labels = host.split('.');
  if (labels.length > 1 && isLanguage(labels[0])) labels.shift();
  if (labels.length > 2 && labels[0] === 'www') labels.shift();
  return labels.join('.');
}

/**
 * The address of the same page in `language`: English lives on the bare host, every other
 * language on its own subdomain. Returns null where subdomains cannot exist (an IP address).
 */
export function urlForLanguage(language: Language, location: Pick<Location, 'href'>): string | null {
  const url = new URL(location.href);
  const host = url.hostname.toLowerCase();
  if (IPV4.test(host) && !LOOPBACK_HOSTS.has(host)) return null;
  if (host.includes(':') && !LOOPBACK_HOSTS.has(host)) return null;
  const base = baseHostname(host);
  url.hostname = language === FALLBACK_LANGUAGE ? base : `${language}.${base}`;
  return url.toString();
}

/**
 * The BCP 47 tag of a site language (`in` → `hi`, `jp` → `ja`, `il` → `he`, `cn` → `zh-CN`, …):
 * what <html lang>, i18next (plural rules) and Intl (numbers, dates) are given. Site codes stay in
 * host names, URLs and locale file names; `in` or `jp` handed to Intl would mean Indonesian or
 * nothing.
 */
export function htmlLangOf(language: Language): string {
  return LANGUAGE_HTML_LANG[language];
}

const SITE_LANGUAGE_BY_TAG = new Map(
  (Object.entries(LANGUAGE_HTML_LANG) as Array<[Language, string]>).map(([site, tag]) => [
    tag.toLowerCase(),
    site,
  ]),
);

/** The site language of a BCP 47 tag that htmlLangOf produced (or of a site code); English otherwise. */
export function siteLanguageOf(tag: string | undefined | null): Language {
  if (!tag) return FALLBACK_LANGUAGE;
  return SITE_LANGUAGE_BY_TAG.get(tag.toLowerCase()) ?? (isLanguage(tag) ? tag : FALLBACK_LANGUAGE);
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return isRtlLanguage(language) ? 'rtl' : 'ltr';
}

/** Reflects the language on <html lang dir> so screen readers, fonts and the layout follow it. */
export function applyDocumentLanguage(
  language: Language,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = htmlLangOf(language);
  root.dir = directionOf(language);
}
