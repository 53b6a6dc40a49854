import { type AiPlanChoice, aiPlanSummary } from '@tips/contract/rules';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Tip id → the AI plan its line is bought as, where that is not the tip's own (decision 190). */
export type CartPlans = Readonly<Record<number, number>>;

export interface CartState {
  tipIds: number[];
  plans: CartPlans;
  /** Adds the tip; `planId` buys it as that plan (the monthly plan with the high model's pick). */
  addTip: (tipId: number, planId?: number) => void;
  removeTip: (tipId: number) => void;
  setTipIds: (tipIds: readonly number[], plans?: CartPlans) => void;
  clear: () => void;
}

function isTipId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Keeps valid ids only, each once, in first-seen order. */
export function normalizeTipIds(values: readonly unknown[]): number[] {
  return [...new Set(values.filter(isTipId))];
}

/** Keeps the choices of tips in the cart that name a known plan. */
function plansFor(tipIds: readonly number[], plans: unknown): CartPlans {
  if (typeof plans !== 'object' || plans === null) return {};
  const kept: Record<number, number> = {};
  for (const [key, planId] of Object.entries(plans)) {
    const tipId = Number(key);
    if (tipIds.includes(tipId) && typeof planId === 'number' && aiPlanSummary(planId)) kept[tipId] = planId;
  }
  return kept;
}

/** The cart's plan choices as request bodies carry them (`plans: [{tipId, planId}]`), for `tipIds`. */
export function planChoicesOf(plans: CartPlans, tipIds: readonly number[]): AiPlanChoice[] {
  return tipIds.flatMap((tipId) => (plans[tipId] === undefined ? [] : [{ tipId, planId: plans[tipId] }]));
}

// SPEC §3: persisted under `cart` as { tipIds }; `plans` beside it names a line's AI plan.
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      tipIds: [],
      plans: {},
      addTip: (tipId, planId) =>
        set((state) => {
          const tipIds = state.tipIds.includes(tipId)
            ? state.tipIds
            : normalizeTipIds([...state.tipIds, tipId]);
          // Adding the same pick as another plan replaces the line's plan: one line per tip.
          const { [tipId]: _previous, ...others } = state.plans;
          return { tipIds, plans: planId === undefined ? others : { ...others, [tipId]: planId } };
        }),
      removeTip: (tipId) =>
        set((state) => {
          const { [tipId]: _removed, ...plans } = state.plans;
          return { tipIds: state.tipIds.filter((id) => id !== tipId), plans };
        }),
      setTipIds: (tipIds, plans) =>
        set((state) => {
          const kept = normalizeTipIds(tipIds);
          return { tipIds: kept, plans: plansFor(kept, { ...state.plans, ...plans }) };
        }),
      clear: () => set({ tipIds: [], plans: {} }),
    }),
    {
      name: 'cart',
      // Read when the app starts, not on import (persisted-stores.ts).
      skipHydration: true,
      partialize: (state) => ({ tipIds: state.tipIds, plans: state.plans }),
      // Stored data is outside our control (older versions, other tabs, hand edits): sanitise it.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as { tipIds?: unknown; plans?: unknown };
        const tipIds = Array.isArray(stored.tipIds) ? normalizeTipIds(stored.tipIds) : [];
        return { ...current, tipIds, plans: plansFor(tipIds, stored.plans) };
      },
    },
  ),
);

export function useCartCount(): number {
  return useCartStore((state) => state.tipIds.length);
}
