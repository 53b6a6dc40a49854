import { isOddsFormat, type OddsFormat } from '@tips/contract/rules';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface OddsFormatState {
  format: OddsFormat;
  setFormat: (format: OddsFormat) => void;
}

// Issue #20: how odds are shown. Visitors keep it in localStorage (`oddsFormat`); a signed-in
// user's profile overrides it when the profile loads (lib/user-profile.ts).
export const useOddsFormatStore = create<OddsFormatState>()(
  persist(
    (set) => ({
      format: 'DECIMAL',
      setFormat: (format) => set({ format: isOddsFormat(format) ? format : 'DECIMAL' }),
    }),
    {
      name: 'oddsFormat',
      // Read when the app starts, not on import (persisted-stores.ts).
      skipHydration: true,
      partialize: ({ format }) => ({ format }),
      merge: (persisted, current) => {
        const format = (persisted as { format?: unknown } | undefined)?.format;
        return { ...current, format: isOddsFormat(format) ? format : 'DECIMAL' };
      },
    },
  ),
);
