import { afterEach, describe, expect, it } from 'vitest';
import { useCartStore } from './cart-store';
import { CONSENT_STORAGE_KEY, ESSENTIAL_ONLY, useConsentStore } from './consent-store';
import { useOddsFormatStore } from './odds-format-store';
import { hydrateStores } from './persisted-stores';
import { useUserProfileStore } from './user-profile-store';

afterEach(() => {
  useCartStore.getState().clear();
  useConsentStore.setState({ hasDecided: false, choices: ESSENTIAL_ONLY });
  useOddsFormatStore.setState({ format: 'DECIMAL' });
  useUserProfileStore.getState().clear();
});

const save = (key: string, state: unknown) =>
  localStorage.setItem(key, JSON.stringify({ state, version: 0 }));

describe('a returning visitor', () => {
  it('finds the cart, consent, odds format and header profile of the last visit once the app starts', () => {
    save('cart', { tipIds: [7, 9], plans: {} });
    save(CONSENT_STORAGE_KEY, {
      hasDecided: true,
      choices: { paypal: true, livescores: false, recaptcha: true },
    });
    save('oddsFormat', { format: 'FRACTIONAL' });
    save('userProfile', { balance: 42, profileImage: null, username: 'ada' });

    hydrateStores();

    expect(useCartStore.getState().tipIds).toEqual([7, 9]);
    expect(useConsentStore.getState()).toMatchObject({
      hasDecided: true,
      choices: { paypal: true, livescores: false, recaptcha: true },
    });
    expect(useOddsFormatStore.getState().format).toBe('FRACTIONAL');
    expect(useUserProfileStore.getState()).toMatchObject({ balance: 42, username: 'ada' });
  });
});
