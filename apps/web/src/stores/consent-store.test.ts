import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, ESSENTIAL_ONLY, useConsentStore } from './consent-store';

afterEach(() => {
  useConsentStore.setState({ hasDecided: false, choices: ESSENTIAL_ONLY, isSettingsOpen: false });
  localStorage.clear();
});

describe('consent store', () => {
  it('starts undecided with essential only: no third-party service allowed', () => {
    expect(useConsentStore.getState()).toMatchObject({ hasDecided: false, choices: ESSENTIAL_ONLY });
  });

  it('remembers the answer in localStorage, without the dialog state', () => {
    useConsentStore.getState().openSettings();
    useConsentStore.getState().save({ paypal: true, livescores: false, recaptcha: true });
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toEqual({
      state: { hasDecided: true, choices: { paypal: true, livescores: false, recaptcha: true } },
      version: 0,
    });
    expect(useConsentStore.getState().isSettingsOpen).toBe(false);
  });

  it('a click-to-load allows that one service and leaves the others as they were', () => {
    useConsentStore.getState().essentialOnly();
    useConsentStore.getState().allow('livescores');
    expect(useConsentStore.getState().choices).toEqual({ paypal: false, livescores: true, recaptcha: false });
  });

  it('reads a damaged or hand-edited entry as no consent', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        state: { hasDecided: 'yes', choices: { paypal: 'true', livescores: 1 } },
        version: 0,
      }),
    );
    await useConsentStore.persist.rehydrate();
    expect(useConsentStore.getState()).toMatchObject({ hasDecided: false, choices: ESSENTIAL_ONLY });
  });
});
