import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface StoredProfile {
  /** Credit balance in credits (1 credit = 1 USD), as the API reports it. */
  balance: number;
  profileImage: string | null;
  username: string | null;
}

export interface UserProfileState extends StoredProfile {
  setProfile: (profile: Partial<StoredProfile>) => void;
  setBalance: (balance: number) => void;
  clear: () => void;
}

const EMPTY_PROFILE: StoredProfile = { balance: 0, profileImage: null, username: null };

function sanitize(value: unknown): StoredProfile {
  const stored = (value ?? {}) as Partial<Record<keyof StoredProfile, unknown>>;
  return {
    balance: typeof stored.balance === 'number' && Number.isFinite(stored.balance) ? stored.balance : 0,
    profileImage: typeof stored.profileImage === 'string' ? stored.profileImage : null,
    username: typeof stored.username === 'string' ? stored.username : null,
  };
}

// SPEC §3: the client-stored copy of the profile, persisted under `userProfile`.
export const useUserProfileStore = create<UserProfileState>()(
  persist(
    (set) => ({
      ...EMPTY_PROFILE,
      setProfile: (profile) => set((state) => sanitize({ ...state, ...profile })),
      setBalance: (balance) => set((state) => sanitize({ ...state, balance })),
      clear: () => set(EMPTY_PROFILE),
    }),
    {
      name: 'userProfile',
      // Read when the app starts, not on import (persisted-stores.ts).
      skipHydration: true,
      partialize: ({ balance, profileImage, username }) => ({ balance, profileImage, username }),
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
    },
  ),
);
