import { afterEach, describe, expect, it } from 'vitest';
import { useCartStore } from './cart-store';
import { useOddsFormatStore } from './odds-format-store';
import { syncStoresAcrossTabs } from './sync-stores-across-tabs';
import { useUserProfileStore } from './user-profile-store';

let stop: () => void = () => {};
afterEach(() => {
  stop();
  useCartStore.getState().clear();
});

/** What another tab's write looks like from here: the value changes, then a `storage` event fires. */
function writeFromOtherTab(key: string, value: unknown) {
  const text = JSON.stringify(value);
  localStorage.setItem(key, text);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: text }));
}

describe('stores across tabs', () => {
  it('takes the cart another tab changed', async () => {
    stop = syncStoresAcrossTabs();
    useCartStore.getState().setTipIds([1]);
    writeFromOtherTab('cart', { state: { tipIds: [1, 2, 3] }, version: 0 });
    await expect.poll(() => useCartStore.getState().tipIds).toEqual([1, 2, 3]);
  });

  it('takes the odds format another tab chose', async () => {
    stop = syncStoresAcrossTabs();
    writeFromOtherTab('oddsFormat', { state: { format: 'AMERICAN' }, version: 0 });
    await expect.poll(() => useOddsFormatStore.getState().format).toBe('AMERICAN');
    useOddsFormatStore.getState().setFormat('DECIMAL');
  });

  it('takes the balance another tab stored', async () => {
    stop = syncStoresAcrossTabs();
    writeFromOtherTab('userProfile', {
      state: { balance: 75, profileImage: null, username: 'ada' },
      version: 0,
    });
    await expect.poll(() => useUserProfileStore.getState().balance).toBe(75);
  });

  it('empties the cart when another tab cleared the storage', async () => {
    stop = syncStoresAcrossTabs();
    useCartStore.getState().setTipIds([4]);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    await expect.poll(() => useCartStore.getState().tipIds).toEqual([]);
  });
});
