/**
 * True while the build prerenders the public pages' shells in Node (apps/web/scripts/prerender-shells.mjs):
 * there is no window there. The few things a shell cannot know (whether the reader is signed in)
 * check it; everything else renders exactly as the browser's first render does.
 */
export const PRERENDER = typeof window === 'undefined';
