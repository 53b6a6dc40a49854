import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../public-config';

/**
 * After money moved, the balance, the buyer's lists and every tip's `isOwned` and `selection` may
 * have changed: refetch what is on screen (the deployment's config excepted).
 */
export function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  const configKey = publicConfigQuery.queryKey[0];
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== configKey });
}
