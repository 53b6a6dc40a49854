import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AfterFirstPaint } from '../../lib/after-first-paint';
import { ConsentBanner } from '../consent/consent-banner';
import { ConsentSettingsHost } from '../consent/consent-settings-host';
import { LanguageModalHost } from './deferred';
import { FloatingCartButton } from './floating-cart-button';
import { NavigationProgress } from './navigation-progress';
import { PageFallback } from './page-fallback';
import { ScrollToTopButton } from './scroll-to-top-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ToastViewport } from './toast-viewport';

/** After a client-side navigation, start screen readers and keyboard users at the new page's content. */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const isFirstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new path.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** Header, footer and floating buttons around every route (SPEC §2). */
export function AppShell() {
  useFocusMainOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the fold or hidden at first: rendered once the first frame is out. */}
      <AfterFirstPaint>
        <SiteFooter />
        <FloatingCartButton />
        <ScrollToTopButton />
        <ToastViewport />
        <LanguageModalHost />
        <ConsentBanner />
        <ConsentSettingsHost />
      </AfterFirstPaint>
      <ScrollRestoration />
    </div>
  );
}
