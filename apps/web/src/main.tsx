import { StrictMode, Suspense, startTransition } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { InitialFallback } from './components/layout/page-fallback';
import { warmUpFonts } from './lib/font-warm-up';
import { initI18n } from './lib/i18n';
import { warmUpIntl } from './lib/intl-warm-up';
import { languageFromHostname } from './lib/language';
import { receiveLanguageHandoff } from './lib/language-handoff';
import { setNavigator } from './lib/navigation';
import { holdPageDataForFirstFrame } from './lib/page-data-hold';
import { installErrorReporting } from './lib/report-errors';
import { hydrateStores } from './stores/persisted-stores';
import { syncStoresAcrossTabs } from './stores/sync-stores-across-tabs';
import './styles.css';

// zod's object parser probes `new Function` on first use; the CSP (no 'unsafe-eval') refuses it and
// the browser reports a securitypolicyviolation on every page that parses. `jitless` skips the probe.
// Set through the global object zod reads its config from (zod/v4/core/core.js), not `z.config()`,
// so that zod stays out of the landing chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

// Uncaught errors and rejections reach the API's relay to error reporting (decision 118).
installErrorReporting();
holdPageDataForFirstFrame();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

const language = languageFromHostname(window.location.hostname);
const translationsLoaded = initI18n(language).catch((error: unknown) => {
  // Untranslated keys beat a blank page.
  console.error('Translations failed to load', error);
});

function start(root: HTMLElement): void {
  // Created before the translations arrive: it starts fetching the current page's chunk meanwhile.
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  syncStoresAcrossTabs();
  // React DOM's module body runs here, at its first use, rather than in the modules' evaluation:
  // with the stores' first read, that task was the page's longest at 4× CPU throttling (issue
  // #32.3). Its chunk is preloaded with the entry (vite.config.ts): the import fetches nothing new.
  void Promise.all([import('react-dom/client'), translationsLoaded]).then(([{ createRoot }]) => {
    const reactRoot = createRoot(root);
    // A transition renders in slices that yield to the browser every few milliseconds: the first
    // render is the page's longest piece of work, and one block of it was a long task at 4× CPU
    // throttling on every page (issue #32.3).
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <AppProviders>
            <Suspense fallback={<InitialFallback />}>
              <RouterProvider router={router} />
            </Suspense>
          </AppProviders>
        </StrictMode>,
      );
    });
  });
}

// A task of its own: the modules' evaluation and the router's creation (its route table, the
// page's chunk requested) were one long task at 4× CPU throttling (issue #32.3).
setTimeout(() => {
  // The stores are read from localStorage here, not on import (stores/persisted-stores.ts), and
  // before the hand-off merges a cart and a consent into them.
  hydrateStores();
  // Arriving from another language's subdomain: the session is redeemed before the router runs its
  // loaders, so a signed-in page is not sent to /login first (lib/language-handoff.ts).
  const handoff = receiveLanguageHandoff();
  if (handoff) void handoff.finally(() => start(rootElement));
  else start(rootElement);
}, 0);

// The fonts' and Intl's set-up in short tasks, queued after the start above: they run while the
// page's chunk and translations are on the way, before the first frame lays out text and the first
// date or figure needs a formatter (lib/font-warm-up.ts, lib/intl-warm-up.ts; decision 204). Run
// after the first paint instead (decision 202), Intl's were 19–27 ms tasks in Lighthouse's trace
// after FCP, each counted four times over in its blocking time (decision 203).
void warmUpFonts(language);
void warmUpIntl(language);
