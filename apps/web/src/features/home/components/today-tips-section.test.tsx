import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  makeTip,
  paged,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { TodayTipsSection } from './today-tips-section';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

describe('Home: TODAY PREMIUM TIPS', () => {
  it('loads page 1 of size 4 of the category and links to View All', async () => {
    const tips = Array.from({ length: 4 }, (_, index) => makeTip({ id: 10 + index }));
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/tips?')
        ? new Response(JSON.stringify(paged(tips, 1, 4)), { status: 200 })
        : undefined,
    );
    renderWithProviders(<TodayTipsSection category="premium" />);
    const section = screen.getByRole('region', { name: 'TODAY PREMIUM TIPS' });
    expect(await within(section).findAllByRole('article')).toHaveLength(4);
    // Today's tips (up to the viewer's midnight), 20 to spread the four cards over (issue #30.1).
    expect(fetchMock.mock.calls[0][0]).toMatch(
      /^\/api\/tips\?category=premium&pageNumber=1&pageSize=20&kickOffTo=\d{4}-\d{2}-\d{2}T/,
    );
    expect(
      within(section)
        .getByRole('link', { name: /View All Premium Tips/ })
        .getAttribute('href'),
    ).toBe('/today-tips/premium');
  });

  it('retries a stale session anonymously instead of failing the public list', async () => {
    localStorage.setItem('accessToken', 'expired');
    const seen: Array<string | null> = [];
    stubFetch();
    const tips = [makeTip({ id: 1 })];
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('Authorization');
      seen.push(auth);
      return auth
        ? new Response('{}', { status: 401 })
        : new Response(JSON.stringify(paged(tips, 1, 4)), { status: 200 });
    }) as typeof fetch;
    // The premium section: the senior one also reads the premium candidates (to avoid their matches).
    renderWithProviders(<TodayTipsSection category="premium" />);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(seen).toEqual(['Bearer expired', null]);
  });
});
