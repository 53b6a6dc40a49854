import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  makeTip,
  paged,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { prefetchHomeTips } from '../api/home-tips';
import { HomePage } from './home-page';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

const tipsAnswer = (url: string) =>
  url.startsWith('/api/tips?')
    ? new Response(JSON.stringify(paged([makeTip({ id: 1 })], 1, 4)), { status: 200 })
    : undefined;

describe('Home page (decision 043)', () => {
  it('shows the hero in the first frame and the tip sections right after it', async () => {
    stubFetch(tipsAnswer);
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'DO YOU WANT TODAY SOCCER TIPS?' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'TODAY PREMIUM TIPS' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'TODAY PREMIUM TIPS' })).toBeDefined();
    expect(await screen.findByRole('region', { name: 'TODAY SENIOR TIPS' })).toBeDefined();
  });

  it("the route's loader asks for both sections' tips without waiting for them", async () => {
    const fetchMock = stubFetch(tipsAnswer);
    prefetchHomeTips(new QueryClient());
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url).replace(/&kickOffTo=.*$/, ''))).toEqual([
        '/api/tips?category=premium&pageNumber=1&pageSize=20',
        '/api/tips?category=senior&pageNumber=1&pageSize=20',
      ]),
    );
  });
});
