import { useCartStore } from './cart-store';
import { useConsentStore } from './consent-store';
import { useUserProfileStore } from './user-profile-store';

/**
 * zustand's persist middleware writes to localStorage but does not read other tabs' writes.
 * Rehydrating on the `storage` event keeps the cart and the header's profile in step across tabs.
 */
export function syncStoresAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'cart') void useCartStore.persist.rehydrate();
    if (event.key === null || event.key === 'userProfile') void useUserProfileStore.persist.rehydrate();
    if (event.key === null || event.key === 'consent') void useConsentStore.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
