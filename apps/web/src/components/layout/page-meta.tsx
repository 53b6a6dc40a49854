import { LANGUAGE_HTML_LANG, LANGUAGES } from '@tips/contract/rules';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { setHeadLink, setHeadMeta } from '../../lib/document-head';
import { urlForLanguage } from '../../lib/language';
import { canonicalUrl, SITE_NAME } from '../../lib/site';

interface PageMetaProps {
  title: string;
  description: string;
  /** Canonical path; defaults to the current one (without query and hash). */
  path?: string;
  /** Keep search engines out of private or transactional pages. */
  noIndex?: boolean;
}

/**
 * Per-page metadata. The title and the Open Graph tags are hoisted into <head> by React 19; the
 * canonical link, the description and robots are tags the server already wrote into the page, so
 * they are updated in place (document-head.ts): one canonical per page, from PUBLIC_URL.
 */
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const { pathname } = useLocation();
  const canonical = canonicalUrl(path ?? pathname);
  const fullTitle = `${title} | ${SITE_NAME}`;
  useLayoutEffect(() => {
    setHeadLink('canonical', noIndex ? null : canonical);
    setHeadMeta('description', description);
    setHeadMeta('robots', noIndex ? 'noindex' : null);
  }, [canonical, description, noIndex]);
  return (
    <>
      <title>{fullTitle}</title>
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {LANGUAGES.map((language) => {
        const href = urlForLanguage(language, { href: canonical });
        return href ? (
          <link key={language} rel="alternate" hrefLang={LANGUAGE_HTML_LANG[language]} href={href} />
        ) : null;
      })}
    </>
  );
}
