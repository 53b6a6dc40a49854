import { beforeEach, describe, expect, it } from 'vitest';
import { planChoicesOf, useCartStore } from './cart-store';

beforeEach(() => {
  useCartStore.getState().clear();
});

describe('cart store', () => {
  it('adds tips once each and persists them under `cart`', () => {
    const { addTip } = useCartStore.getState();
    addTip(3);
    addTip(7);
    addTip(3);
    expect(useCartStore.getState().tipIds).toEqual([3, 7]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}')).toMatchObject({ state: { tipIds: [3, 7] } });
  });

  it('removes, replaces and clears', () => {
    const store = useCartStore.getState();
    store.setTipIds([5, 5, 6, -1, 2.5, 8]);
    expect(useCartStore.getState().tipIds).toEqual([5, 6, 8]);
    store.removeTip(6);
    expect(useCartStore.getState().tipIds).toEqual([5, 8]);
    store.clear();
    expect(useCartStore.getState().tipIds).toEqual([]);
  });

  it('sanitises what it reads back from storage', async () => {
    localStorage.setItem('cart', JSON.stringify({ state: { tipIds: [1, '2', 1, null, 4] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().tipIds).toEqual([1, 4]);
  });

  it('keeps one line per tip with the AI plan it is bought as, the last choice winning', () => {
    const { addTip } = useCartStore.getState();
    addTip(12, 3);
    addTip(12, 4);
    addTip(5);
    const { tipIds, plans } = useCartStore.getState();
    expect(tipIds).toEqual([12, 5]);
    expect(planChoicesOf(plans, tipIds)).toEqual([{ tipId: 12, planId: 4 }]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}').state.plans).toEqual({ 12: 4 });
    useCartStore.getState().removeTip(12);
    expect(useCartStore.getState().plans).toEqual({});
  });

  it('drops plan choices of tips no longer in the cart and of unknown plans when read back', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify({ state: { tipIds: [1, 2], plans: { 1: 4, 2: 99, 3: 4, x: 4 } }, version: 0 }),
    );
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().plans).toEqual({ 1: 4 });
    useCartStore.getState().setTipIds([2]);
    expect(useCartStore.getState().plans).toEqual({});
  });
});
