import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FixtureOddsResponse } from '@tips/contract/market-prices.schemas';
import type {
  PublishTipInput,
  PublishTipResponse,
  TipsterSummaryResponse,
  TipsterTipPage,
} from '@tips/contract/tipster-portal.schemas';
import { apiClient } from '../../../lib/api-client';

const PORTAL_KEY = ['tipster-portal'] as const;
export const MY_TIPS_PAGE_SIZE = 10;

export function useTipsterSummary() {
  return useQuery({
    queryKey: [...PORTAL_KEY, 'summary'],
    queryFn: async () => (await apiClient.get<TipsterSummaryResponse>('/tipster/summary')).data,
  });
}

export function useMyTips(pageNumber: number) {
  return useQuery({
    queryKey: [...PORTAL_KEY, 'tips', pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<TipsterTipPage>('/tipster/tips', {
          params: { pageNumber, pageSize: MY_TIPS_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export async function publishTip(body: PublishTipInput): Promise<PublishTipResponse['data']> {
  return (await apiClient.post<PublishTipResponse>('/tipster/tips', body)).data.data;
}

/** Publishes, then refreshes the summary and the list (the new tip and the counts). */
export function usePublishTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTAL_KEY }),
  });
}

/** An upcoming match as GET /api/fixtures lists it (the fields the publish picker shows). */
export interface UpcomingFixture {
  id: number;
  competition: { code: string; name: string };
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string;
  status: string;
}

interface FixturePage {
  data: UpcomingFixture[];
  totalItems: number;
}

export const FIXTURE_PICKER_PAGE_SIZE = 10;

/** Upcoming matches (from now) whose team or competition matches `search`, soonest first. */
export function useUpcomingFixtures(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: [...PORTAL_KEY, 'fixtures', q],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<FixturePage>('/fixtures', {
          params: {
            from: new Date().toISOString(),
            pageSize: FIXTURE_PICKER_PAGE_SIZE,
            ...(q ? { q } : {}),
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The market's best current price of every selection of a match (GET /api/fixtures/{id}/odds,
 * decision 150): the publish form shows the picked selection's and fills the odds with it.
 */
export function useFixtureOdds(fixtureId: number | null) {
  return useQuery({
    queryKey: [...PORTAL_KEY, 'odds', fixtureId],
    queryFn: async ({ signal }) =>
      (await apiClient.get<FixtureOddsResponse>(`/fixtures/${fixtureId}/odds`, { signal })).data.data,
    enabled: fixtureId !== null,
    staleTime: 60_000,
  });
}
