import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface CartState {
  tipIds: number[];
  addTip: (tipId: number) => void;
  removeTip: (tipId: number) => void;
  setTipIds: (tipIds: readonly number[]) => void;
  clear: () => void;
}

function isTipId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Keeps valid ids only, each once, in first-seen order. */
export function normalizeTipIds(values: readonly unknown[]): number[] {
  return [...new Set(values.filter(isTipId))];
}

// SPEC §3: persisted under `cart` as { tipIds }.
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      tipIds: [],
      addTip: (tipId) =>
        set((state) =>
          state.tipIds.includes(tipId) ? state : { tipIds: normalizeTipIds([...state.tipIds, tipId]) },
        ),
      removeTip: (tipId) => set((state) => ({ tipIds: state.tipIds.filter((id) => id !== tipId) })),
      setTipIds: (tipIds) => set({ tipIds: normalizeTipIds(tipIds) }),
      clear: () => set({ tipIds: [] }),
    }),
    {
      name: 'cart',
      partialize: (state) => ({ tipIds: state.tipIds }),
      // Stored data is outside our control (older versions, other tabs, hand edits): sanitise it.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as { tipIds?: unknown };
        return { ...current, tipIds: Array.isArray(stored.tipIds) ? normalizeTipIds(stored.tipIds) : [] };
      },
    },
  ),
);

export function useCartCount(): number {
  return useCartStore((state) => state.tipIds.length);
}
