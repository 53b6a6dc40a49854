import type { CartUnavailableReason } from '@tips/contract/tips.schemas';
import { useEffect, useState } from 'react';
import { useCartStore } from '../../../stores/cart-store';
import type { useCartTips } from '../api/cart-api';

/** Takes ids the server cannot sell now out of the cart and remembers why, for the notice. */
export function useDropUnavailable(cart: ReturnType<typeof useCartTips>): CartUnavailableReason[] {
  const [removedReasons, setRemovedReasons] = useState<CartUnavailableReason[]>([]);
  const response = cart.isPlaceholderData ? undefined : cart.data;
  useEffect(() => {
    if (!response || response.unavailableIds.length === 0) return;
    const drop = new Set(response.unavailableIds);
    const { tipIds, setTipIds } = useCartStore.getState();
    setTipIds(tipIds.filter((id) => !drop.has(id)));
    setRemovedReasons((previous) => [...previous, ...response.unavailable.map((item) => item.reason)]);
  }, [response]);
  return removedReasons;
}
