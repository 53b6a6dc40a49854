import { useCartStore } from './cart-store';
import { useConsentStore } from './consent-store';
import { useOddsFormatStore } from './odds-format-store';
import { useUserProfileStore } from './user-profile-store';

/** The stores zustand's persist middleware keeps in localStorage, each under its `name`. */
export const PERSISTED_STORES = [useCartStore, useConsentStore, useOddsFormatStore, useUserProfileStore];

/**
 * Reads every persisted store from localStorage (synchronously: localStorage is). The stores are
 * created with `skipHydration` and read here when the app starts (main.tsx), not when their modules
 * load: a page's first localStorage read waits for the browser to open the site's storage, and
 * inside the modules' evaluation that made the page's longest task longer at 4× CPU throttling
 * (issue #32.3).
 */
export function hydrateStores(): void {
  for (const store of PERSISTED_STORES) void store.persist.rehydrate();
}
