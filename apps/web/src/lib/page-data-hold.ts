import { whenFirstFramePainted } from './after-first-paint';

/**
 * As the app starts, the public pages' lists and tables ask the API only once the page's first
 * frame (header, hero, placeholders) has been painted and shown. Asked during the first render,
 * their answers came back on a fast link before that frame was on screen, and Lighthouse's
 * simulation then counted a slow-4G round trip after the scripts before each page's LCP (~0.2 s on
 * /today-tips, issue #32.3). On a phone the frame is out long before any answer could arrive, so
 * the data comes no later for the wait. Later navigations do not wait.
 */
let held: Promise<void> | null = null;

// Without paint timing (or in a background tab, which paints nothing) the wait stops here.
const NO_PAINT_FALLBACK_MS = 250;

/** Resolves once the browser reports the page's first contentful paint as shown. */
function firstContentfulPaintShown(): Promise<void> {
  return new Promise((resolve) => {
    if (
      typeof PerformanceObserver !== 'function' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    });
    const fallback = setTimeout(() => {
      observer.disconnect();
      resolve();
    }, NO_PAINT_FALLBACK_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Called once as the app starts (main.tsx). Unit tests never call it, and nothing waits there. */
export function holdPageDataForFirstFrame(): void {
  held ??= whenFirstFramePainted()
    .then(firstContentfulPaintShown)
    .then(() => {
      held = null;
    });
}

/** Resolves once a page's data may be asked for: at once, except before the start's first frame is shown. */
export function pageDataMayLoad(): Promise<void> {
  return held ?? Promise.resolve();
}
