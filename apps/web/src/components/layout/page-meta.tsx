import { LANGUAGE_HTML_LANG, LANGUAGES } from '@tips/contract/rules';
import { useLocation } from 'react-router';
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

/** Per-page metadata via React 19's hoisting of <title>, <meta> and <link> into <head>. */
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const { pathname } = useLocation();
  const canonical = canonicalUrl(path ?? pathname);
  const fullTitle = `${title} | ${SITE_NAME}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {LANGUAGES.map((language) => {
        const href = urlForLanguage(language, { href: canonical });
        return href ? (
          <link key={language} rel="alternate" hrefLang={LANGUAGE_HTML_LANG[language]} href={href} />
        ) : null;
      })}
    </>
  );
}
