import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { InitialFallback } from './components/layout/page-fallback';
import { initI18n } from './lib/i18n';
import { languageFromHostname } from './lib/language';
import { setNavigator } from './lib/navigation';
import { syncStoresAcrossTabs } from './stores/sync-stores-across-tabs';
import './styles.css';

// zod's object parser probes `new Function` on first use; the CSP (no 'unsafe-eval') refuses it and
// the browser reports a securitypolicyviolation on every page that parses. `jitless` skips the probe.
// Set through the global object zod reads its config from (zod/v4/core/core.js), not `z.config()`,
// so that zod stays out of the landing chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

// Created first: it starts fetching the current page's chunk while the translations load.
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));
syncStoresAcrossTabs();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

void initI18n(languageFromHostname(window.location.hostname))
  .catch((error: unknown) => {
    // Untranslated keys beat a blank page.
    console.error('Translations failed to load', error);
  })
  .finally(() => {
    createRoot(rootElement).render(
      <StrictMode>
        <AppProviders>
          <Suspense fallback={<InitialFallback />}>
            <RouterProvider router={router} />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    );
  });
