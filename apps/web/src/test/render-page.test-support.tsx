import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { type PublicConfig, publicConfigQuery } from '../lib/public-config';

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  paypalClientId: 'sandbox-local',
  paypalSdkUrl: '/api/sandbox/paypal/sdk/js',
  recaptchaSiteKey: null,
  livescoresUrl: 'https://scores.example.com/',
  seoKeywords: false,
  supportEmail: 'help@tips.example',
};

function OtherPage() {
  const location = useLocation();
  return <p data-testid="other-page">{location.pathname}</p>;
}

interface RenderPageOptions {
  /** The URL the page opens at. */
  path?: string;
  /** The route pattern the page is mounted on (defaults to `path`). */
  route?: string;
  /** Navigation state (e.g. the pack chosen on the dashboard). */
  state?: unknown;
}

/**
 * Renders a page inside a memory router and a fresh query client with the deployment's config
 * already known. Any navigation away lands on a stub that prints the path (`other-page`).
 */
export function renderPage(page: ReactElement, { path = '/', route = path, state }: RenderPageOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  queryClient.setQueryData(publicConfigQuery.queryKey, TEST_PUBLIC_CONFIG);
  const router = createMemoryRouter(
    [
      { path: route, element: page },
      { path: '*', element: <OtherPage /> },
    ],
    // A query string in `path` (a signed link's ?token=) is the location's search, not its path.
    {
      initialEntries: [
        { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
      ],
    },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
