import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Third-party content the site can load; each needs the visitor's yes first (issue #22.6). */
export const CONSENT_SERVICES = ['paypal', 'livescores', 'recaptcha'] as const;
export type ConsentService = (typeof CONSENT_SERVICES)[number];
export type ConsentChoices = Record<ConsentService, boolean>;

export const ESSENTIAL_ONLY: ConsentChoices = { paypal: false, livescores: false, recaptcha: false };
const ALL_ALLOWED: ConsentChoices = { paypal: true, livescores: true, recaptcha: true };

/** The localStorage key; e2e/playwright.config.ts writes the same key to pre-accept for the suite. */
export const CONSENT_STORAGE_KEY = 'consent';

export interface ConsentState {
  /** False until the visitor answers the prompt: the banner shows until then. */
  hasDecided: boolean;
  choices: ConsentChoices;
  /** The settings dialog (footer link, banner's "Choose"); not remembered. */
  isSettingsOpen: boolean;
  acceptAll: () => void;
  essentialOnly: () => void;
  save: (choices: ConsentChoices) => void;
  /** A click-to-load button: yes for this one service, the rest unchanged. */
  allow: (service: ConsentService) => void;
  openSettings: () => void;
  closeSettings: () => void;
}

function choicesFrom(value: unknown): ConsentChoices {
  const stored = (value ?? {}) as Partial<Record<ConsentService, unknown>>;
  // Anything but an explicit true is a no: a damaged entry never loads third-party content.
  return {
    paypal: stored.paypal === true,
    livescores: stored.livescores === true,
    recaptcha: stored.recaptcha === true,
  };
}

export const useConsentStore = create<ConsentState>()(
  persist(
    (set) => ({
      hasDecided: false,
      choices: ESSENTIAL_ONLY,
      isSettingsOpen: false,
      acceptAll: () => set({ hasDecided: true, choices: ALL_ALLOWED, isSettingsOpen: false }),
      essentialOnly: () => set({ hasDecided: true, choices: ESSENTIAL_ONLY, isSettingsOpen: false }),
      save: (choices) => set({ hasDecided: true, choices: choicesFrom(choices), isSettingsOpen: false }),
      allow: (service) => set((state) => ({ choices: { ...state.choices, [service]: true } })),
      openSettings: () => set({ isSettingsOpen: true }),
      closeSettings: () => set({ isSettingsOpen: false }),
    }),
    {
      name: CONSENT_STORAGE_KEY,
      // Read when the app starts, not on import (persisted-stores.ts).
      skipHydration: true,
      partialize: ({ hasDecided, choices }) => ({ hasDecided, choices }),
      merge: (persisted, current) => {
        const stored = persisted as { hasDecided?: unknown; choices?: unknown } | undefined;
        return { ...current, hasDecided: stored?.hasDecided === true, choices: choicesFrom(stored?.choices) };
      },
    },
  ),
);

/** Whether this service may load now. */
export function useConsent(service: ConsentService): boolean {
  return useConsentStore((state) => state.choices[service]);
}
