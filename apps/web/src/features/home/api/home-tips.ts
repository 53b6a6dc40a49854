import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Paged } from '@tips/contract/rules';
import { PAGE_SIZES, REQUEST_TIMEOUT_MS } from '@tips/contract/rules';
import type { Tip } from '@tips/contract/tips.schemas';
import { getAccessToken } from '../../../lib/auth-tokens';
import { type KickOffDay, kickOffWindow } from '../../../lib/kick-off-day';
import { pageDataMayLoad } from '../../../lib/page-data-hold';
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
  return fetchPublicTips(
    `category=${category}&pageNumber=1&pageSize=${HOME_CANDIDATES}&${kickOffQuery('today')}`,
    signal,
  );
}

/** How many of the category's tips kick off tomorrow, in the viewer's day (one card's worth asked). */
export async function fetchTomorrowTipCount(
  category: HomeTipsCategory,
  signal?: AbortSignal,
): Promise<number> {
  const page = await fetchPublicTips(
    `category=${category}&pageNumber=1&pageSize=1&${kickOffQuery('tomorrow')}`,
    signal,
  );
  return page.totalItems;
}

async function fetchPublicTips(query: string, signal?: AbortSignal): Promise<Paged<Tip>> {
  await pageDataMayLoad();
  const url = `/api/tips?${query}`;
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
  // The candidates as listed; the sections choose their cards from them (useHomeTips).
  return (await response.json()) as Paged<Tip>;
}

/** Issue #30.1: the home cards are chosen from this many of today's tips, spread over matches. */
const HOME_CANDIDATES = 20;

/** The query of a kick-off day: "today" on the home page is the viewer's day (issue #30.1). */
export function kickOffQuery(day: KickOffDay, now = new Date()): string {
  return new URLSearchParams(kickOffWindow(day, now)).toString();
}

const matchOf = (tip: Tip) => tip.fixtureId ?? `${tip.homeTeam}|${tip.awayTeam}|${tip.eventTime}`;

/**
 * Up to `count` tips, in their order, each of a match and a tipster not on the page yet (`shown`:
 * the cards of a section above); then, when there are not enough of those, a match not on the page
 * by a tipster already shown; then a match not in this section; then anything left. Six of eight
 * home cards on one match told a punter nothing (issue #30.1).
 */
export function spreadTips(tips: readonly Tip[], count: number, shown: readonly Tip[] = []): Tip[] {
  const chosen: Tip[] = [];
  const onPage = () => [...shown, ...chosen];
  const sameMatch = (a: Tip, b: Tip) => matchOf(a) === matchOf(b);
  const passes: Array<(tip: Tip) => boolean> = [
    (tip) => !onPage().some((other) => sameMatch(other, tip) || other.tipster.id === tip.tipster.id),
    (tip) => !onPage().some((other) => sameMatch(other, tip)),
    (tip) => !chosen.some((other) => sameMatch(other, tip)),
    () => true,
  ];
  for (const isWanted of passes) {
    for (const tip of tips) {
      if (chosen.length >= count) return chosen;
      if (!chosen.includes(tip) && isWanted(tip)) chosen.push(tip);
    }
  }
  return chosen;
}

const HOME_TIPS_CATEGORIES: readonly HomeTipsCategory[] = ['premium', 'senior'];

function homeTipsQuery(category: HomeTipsCategory) {
  return {
    queryKey: ['tips', 'home', category],
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchHomeTips(category, signal),
  };
}

const spreadPage = (page: Paged<Tip>, shown: readonly Tip[] = []): Paged<Tip> => ({
  ...page,
  data: spreadTips(page.data, PAGE_SIZES.home, shown),
});

/**
 * A home section's cards: 4 of its candidates spread over matches and tipsters. The senior section
 * (below the premium one) also avoids the matches the premium cards show, so the page's eight
 * cards are eight matches when there are that many.
 */
export function useHomeTips(category: HomeTipsCategory) {
  const above = useQuery({
    ...homeTipsQuery('premium'),
    enabled: category === 'senior',
    select: (page: Paged<Tip>) => spreadPage(page).data,
  });
  const shown = category === 'senior' ? above.data : undefined;
  return useQuery({
    ...homeTipsQuery(category),
    select: (page: Paged<Tip>) => spreadPage(page, shown),
  });
}

/** Tomorrow's count for a home section whose today is empty (`enabled`): the next thing to offer. */
export function useTomorrowTipCount(category: HomeTipsCategory, enabled: boolean) {
  return useQuery({
    queryKey: ['tips', 'home', category, 'tomorrow'],
    queryFn: ({ signal }) => fetchTomorrowTipCount(category, signal),
    enabled,
  });
}

/** Fetches (unless fresh in the cache) what the home sections will show; never throws. */
export function prefetchHomeTips(client: QueryClient = queryClient): void {
  for (const category of HOME_TIPS_CATEGORIES) void client.prefetchQuery(homeTipsQuery(category));
}
