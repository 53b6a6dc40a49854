import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Paged } from '@tips/contract/rules';
import { PAGE_SIZES, REQUEST_TIMEOUT_MS } from '@tips/contract/rules';
import type { Tip } from '@tips/contract/tips.schemas';
import { getAccessToken } from '../../../lib/auth-tokens';
import { queryClient } from '../../../lib/query-client';

export type HomeTipsCategory = 'premium' | 'senior';

/** Shaped like an axios error where it matters: the query client's retry rule reads `response.status`. */
export class HomeTipsError extends Error {
  constructor(readonly response: { status: number }) {
    super(`GET /api/tips answered ${response.status}`);
  }
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function' || typeof AbortSignal.any !== 'function') return signal;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * The home sections' tips (SPEC §7: page 1, size 4). This read goes through fetch, not the shared
 * axios client, to keep the HTTP client (~21 KB gzip) off the landing route (decision 060). It
 * carries the access token when there is one; a stale token (401) is simply dropped for this
 * public read, and the client's refresh runs on the user's next authenticated call instead.
 */
export async function fetchHomeTips(category: HomeTipsCategory, signal?: AbortSignal): Promise<Paged<Tip>> {
  const url = `/api/tips?category=${category}&pageNumber=1&pageSize=${PAGE_SIZES.home}`;
  const token = getAccessToken();
  const request = (withToken: boolean) =>
    fetch(url, {
      headers: {
        Accept: 'application/json',
        ...(withToken && token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: withTimeout(signal),
    });
  let response = await request(true);
  if (response.status === 401 && token) response = await request(false);
  if (!response.ok) throw new HomeTipsError({ status: response.status });
  return (await response.json()) as Paged<Tip>;
}

const HOME_TIPS_CATEGORIES: readonly HomeTipsCategory[] = ['premium', 'senior'];

function homeTipsQuery(category: HomeTipsCategory) {
  return {
    queryKey: ['tips', 'home', category],
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchHomeTips(category, signal),
  };
}

export function useHomeTips(category: HomeTipsCategory) {
  return useQuery(homeTipsQuery(category));
}

/** Fetches (unless fresh in the cache) what the home sections will show; never throws. */
export function prefetchHomeTips(client: QueryClient = queryClient): void {
  for (const category of HOME_TIPS_CATEGORIES) void client.prefetchQuery(homeTipsQuery(category));
}
