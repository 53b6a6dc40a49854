/**
 * The build's server-side render of the public pages' shells (apps/web/scripts/prerender-shells.mjs, issue
 * #32.3, decision 194): the app's own routes and components, rendered for a visitor with no data
 * yet, so the markup is what the browser's first render produces and React can swap one for the
 * other without a visible change. Runs in Node only.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@tips/contract/rules';
import i18n, { type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { routes } from '../app/router';
import { formatI18nNumber } from '../lib/i18n-number-format';
import { htmlLangOf } from '../lib/language';
import { createQueryClient } from '../lib/query-client';

/** The route table without loaders: a loader starts requests or reads the session, neither of which a shell has. */
function withoutLoaders(table: RouteObject[]): RouteObject[] {
  return table.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutLoaders(children) } : route) as RouteObject,
  );
}

// The build script has no TypeScript loader for the contract package: it takes the list from here.
export { LANGUAGES };

const handler = createStaticHandler(withoutLoaders(routes));

export async function initShellI18n(translations: Partial<Record<Language, unknown>>): Promise<void> {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    const file = translations[language];
    if (file) resources[htmlLangOf(language)] = { translation: file as Record<string, unknown> };
  }
  await i18n.use(initReactI18next).init({
    lng: htmlLangOf(FALLBACK_LANGUAGE),
    fallbackLng: htmlLangOf(FALLBACK_LANGUAGE),
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  i18n.services.formatter?.add('number', formatI18nNumber);
}

/**
 * What of the rendered HTML belongs in <body>: the head tags React 19 hoists (title, meta, links;
 * the server writes the page's own head) and scripts (the CSP allows none inline) are dropped.
 */
export function bodyMarkup(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/<(?:meta|link)\b[^>]*\/?>/g, '');
}

/**
 * What the app's first render of `path` shows a visitor in `language`, as <body> markup: the
 * header, the page and its placeholders, before any data has arrived.
 */
export async function renderShell(path: string, language: Language): Promise<string> {
  await i18n.changeLanguage(htmlLangOf(language));
  const context = await handler.query(new Request(new URL(path, 'http://shell.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
  // Its queries' garbage-collection timers would keep the build's process alive for minutes.
  queryClient.clear();
  // A component that threw leaves React's client-render marker: that shell would not be the
  // page's first render, and React would swap it for another page.
  if (html.includes('<!--$!-->')) throw new Error(`${path} (${language}) failed to render`);
  return bodyMarkup(html);
}
