import { screen, waitFor, within } from '@testing-library/react';
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

describe('Home: an empty today', () => {
  it('offers tomorrow’s tips with their count when today has none left (late in the evening)', async () => {
    const fetchMock = stubFetch((url) => {
      if (!url.startsWith('/api/tips?')) return undefined;
      const isTomorrow = url.includes('kickOffFrom=');
      const page = isTomorrow ? { ...paged([makeTip({ id: 90 })], 1, 1), totalItems: 47 } : paged([], 1, 20);
      return new Response(JSON.stringify(page), { status: 200 });
    });
    renderWithProviders(<TodayTipsSection category="premium" />);
    const hint = await screen.findByTestId('tomorrow-tips-hint');
    expect(hint.textContent).toContain('Tips on sale for tomorrow: 47');
    expect(
      within(hint)
        .getByRole('link', { name: /See tomorrow's tips/ })
        .getAttribute('href'),
    ).toBe('/today-tips/premium?day=tomorrow');
    // Tomorrow is the viewer's next day: from its midnight to the one after.
    const tomorrowUrl = fetchMock.mock.calls
      .map((call) => String(call[0]))
      .find((u) => u.includes('kickOffFrom='));
    const query = new URLSearchParams(tomorrowUrl!.split('?')[1]);
    const from = new Date(query.get('kickOffFrom')!);
    expect(from.getHours()).toBe(0);
    expect(new Date(query.get('kickOffTo')!).getDate()).toBe(
      new Date(from.getTime() + 36 * 3600_000).getDate(),
    );
  });

  it('says nothing of tomorrow when tomorrow has no tips either', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/tips?')
        ? new Response(JSON.stringify(paged([], 1, 20)), { status: 200 })
        : undefined,
    );
    renderWithProviders(<TodayTipsSection category="senior" />);
    expect(await screen.findAllByText('No tips yet today')).not.toHaveLength(0);
    // Tomorrow was asked, and answered none.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('kickOffFrom='))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('tomorrow-tips-hint')).toBeNull();
  });
});
