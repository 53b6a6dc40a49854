import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Paged } from '@tips/contract/rules';
import type { AiTip, Tip, TipRecord } from '@tips/contract/tips.schemas';
import type { Tipster } from '@tips/contract/tipsters.schemas';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { axiosApiClient as apiClient } from '../lib/axios-client';

// Test kit for the public pages: a fake HTTP adapter on the app's axios instance, a stubbed fetch
// (public config, SEO keywords), factories and a router-and-query render helper.

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  data: unknown;
}

export interface FakeReply {
  status?: number;
  data?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** Routes every apiClient request to `handler`; returns the list of requests made. */
export function installFakeApi(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  const original = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params as Record<string, unknown> | undefined) },
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const reply = await handler(request);
    const response: AxiosResponse = {
      data: reply.data ?? null,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: {},
      config,
    };
    if (response.status >= 400) {
      throw new AxiosError(
        `Request failed with ${response.status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  };
  restoreAdapter = () => {
    apiClient.defaults.adapter = original;
  };
  return requests;
}

let restoreAdapter = () => {};

/** Public config and keyword fetches answer at once (config: 404, so pages use their defaults). */
export function stubFetch(handler?: (url: string) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler?.(url) ?? new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function resetTestKit(): void {
  restoreAdapter();
  restoreAdapter = () => {};
  vi.unstubAllGlobals();
}

export function paged<T>(items: T[], pageNumber: number, pageSize: number): Paged<T> {
  const start = (pageNumber - 1) * pageSize;
  return {
    currentPage: pageNumber,
    pageSize,
    totalItems: items.length,
    totalPages: Math.ceil(items.length / pageSize),
    data: items.slice(start, start + pageSize),
  };
}

export function makeTip(overrides: Partial<Tip> = {}): Tip {
  const id = overrides.id ?? 101;
  return {
    id,
    tipsType: 'PREMIUM',
    eventTime: '2026-11-22T18:30:00.000Z',
    eventName: 'Spain La Liga',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    bettingType: 1,
    bettingTypeName: 'Asian Handicap F.T',
    selection: null,
    reasoning: null,
    referenceOdds: null,
    oddsVerified: true,
    odds: 1.9,
    price: 25,
    isFree: false,
    isFinalized: false,
    isWin: null,
    result: null,
    outcome: null,
    resultDetails: null,
    fixtureId: null,
    currency: 'DOLLARS',
    isOwned: false,
    tipster: {
      id: 7,
      name: 'Kenji Haddad',
      category: 'PREMIUM',
      profileImageUrl: '/api/users/profile-images/tipster-7.webp',
      results: [true, false, true, true, false],
    },
    closingOdds: null,
    clv: null,
    noClosingPrice: false,
    ...overrides,
  };
}

export function makeTipster(overrides: Partial<Tipster> = {}): Tipster {
  const id = overrides.id ?? 7;
  return {
    id,
    name: `Tipster ${id}`,
    category: 'SENIOR',
    location: 'Lisbon, Portugal',
    bio: 'Follows European football closely.',
    profileImageUrl: null,
    results: [true, true, false],
    totalWins: 30,
    totalLosses: 20,
    isFollowed: false,
    ...overrides,
  };
}

export function makeRecord(overrides: Partial<TipRecord> = {}): TipRecord {
  const id = overrides.id ?? 900;
  return {
    id,
    eventTime: '2026-10-01T15:00:00.000Z',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    bettingType: 113,
    bettingTypeName: 'Home/Away',
    selection: 'Home',
    odds: 2,
    referenceOdds: null,
    result: 'Win',
    isWin: true,
    closingOdds: null,
    clv: null,
    noClosingPrice: false,
    outcome: 'WIN',
    stake: 1,
    profit: 1,
    resultDetails: 'FT 2-1',
    fixtureId: null,
    ...overrides,
  };
}

export function makeAiTip(overrides: Partial<AiTip> = {}): AiTip {
  const id = overrides.id ?? 1;
  return {
    id,
    planId: id,
    tipId: 4000 + id,
    tipsterName: `AI Model ${id}`,
    category: id === 1 ? 'Low AI Model' : id === 2 ? 'Medium AI Model' : 'High AI Model',
    price: [0, 99, 449, 1249][id - 1] ?? 10,
    isFree: id === 1,
    homeTeam: 'Brentford',
    awayTeam: 'Aston Villa',
    eventTime: '2026-11-22T18:00:00.000Z',
    selection: id === 1 ? 'Away' : null,
    date: '2026-11-22T18:00:00.000Z',
    fixtureId: null,
    outcome: null,
    ...overrides,
  };
}

/** Renders `routes` in a memory router with a fresh query client (no retries). */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [initialPath],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `/` (plus a /login and /cart/checkout stand-in). */
export function renderWithProviders(element: ReactNode, initialPath = '/') {
  return renderRoutes(
    [
      { path: '/', element },
      { path: '/login', element: <h1>login page</h1> },
      { path: '/cart/checkout', element: <h1>checkout page</h1> },
    ],
    initialPath,
  );
}
