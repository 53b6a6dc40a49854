import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * The first frame of a cold load only needs what is in view: the header and the top of the page.
 * Everything below the fold (the home page's tip sections, the footer, the floating buttons) is
 * rendered right after that frame has been painted, as a transition that yields to the browser.
 * Under 4× CPU throttling this takes ~40 % of React's render and of the first layout off the
 * home page's largest contentful paint (decision 043). Once the first frame is out, later
 * mounts (client-side navigations) render everything at once.
 */
let firstFramePainted = false;
let waiting: Promise<void> | undefined;

let markFirstFramePainted: () => void = () => {};
const firstFrame = new Promise<void>((resolve) => {
  markFirstFramePainted = resolve;
});

// Background tabs get no animation frames; the timer lets their content render anyway.
const NO_FRAME_FALLBACK_MS = 250;

function afterNextPaint(): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    const done = () => {
      firstFramePainted = true;
      markFirstFramePainted();
      resolve();
    };
    const fallback = setTimeout(done, NO_FRAME_FALLBACK_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    // A timer queued from an animation frame runs once that frame has been produced.
    requestAnimationFrame(() => {
      setTimeout(() => {
        clearTimeout(fallback);
        done();
      }, 0);
    });
  });
  return waiting;
}

/**
 * Resolves once the first frame of the page load is out (the one `AfterFirstPaint` waits for),
 * without asking for one: before any `AfterFirstPaint` has mounted, it waits.
 */
export function whenFirstFramePainted(): Promise<void> {
  return firstFramePainted ? Promise.resolve() : firstFrame;
}

/** False during the first frame of the page load, true from then on. */
function useAfterFirstPaint(): boolean {
  const [isReady, setIsReady] = useState(firstFramePainted);
  useEffect(() => {
    if (isReady) return;
    let isMounted = true;
    void afterNextPaint().then(() => {
      if (isMounted) startTransition(() => setIsReady(true));
    });
    return () => {
      isMounted = false;
    };
  }, [isReady]);
  return isReady;
}

/**
 * `children` once the first frame is out, `fallback` in it. A component of its own, so that the
 * switch re-renders only this: the children are the parent's elements, which React skips. As a
 * hook in the app shell it re-rendered the whole page, header and all, right after its first
 * frame (issue #32.3).
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAfterFirstPaint() ? children : fallback;
}
