import { PERSISTED_STORES } from './persisted-stores';

/**
 * zustand's persist middleware writes to localStorage but does not read other tabs' writes.
 * Rehydrating on the `storage` event keeps the cart, the header's profile, the consent and the odds
 * format in step across tabs.
 */
export function syncStoresAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    for (const store of PERSISTED_STORES)
      if (event.key === null || event.key === store.persist.getOptions().name) void store.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
