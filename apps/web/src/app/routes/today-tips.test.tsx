import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n.test-support';
import {
  type FakeRequest,
  installFakeApi,
  makeTip,
  paged,
  renderRoutes,
  resetTestKit,
  stubFetch,
} from '../../test/public-test-kit.test-support';
import { Component as TodayTipsRoute } from './today-tips';

const TODAY_ENDS = new Date(new Date().setHours(24, 0, 0, 0)).toISOString();

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

const ALL_TIPS = Array.from({ length: 7 }, (_, index) => makeTip({ id: 200 + index }));

function setUp(path = '/today-tips', tips = ALL_TIPS) {
  stubFetch();
  const requests = installFakeApi((request) => {
    if (request.url === '/tips') {
      return { data: paged(tips, Number(request.params.pageNumber), Number(request.params.pageSize)) };
    }
    return { status: 404, data: { code: 'NOT_FOUND', errors: ['Not found'], requestId: 'x' } };
  });
  const view = renderRoutes([{ path: '/today-tips/:category?', Component: TodayTipsRoute }], path);
  const tipRequests = () => requests.filter((request: FakeRequest) => request.url === '/tips');
  return { ...view, tipRequests };
}

const cards = () => screen.queryAllByRole('article');

describe('Today tips page', () => {
  it('asks for page 1 of size 5 with the default price range and shows the total', async () => {
    const { tipRequests } = setUp();
    expect(await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' })).toBeDefined();
    // Today: kick-offs up to the viewer's next midnight (issue #30.1).
    expect(tipRequests()[0].params).toEqual({
      pageNumber: 1,
      pageSize: 5,
      minPrice: 0,
      maxPrice: 5000,
      kickOffTo: TODAY_ENDS,
    });
    // The cards follow in a background render pass (issue #32.3).
    await waitFor(() => expect(cards()).toHaveLength(5));
  });

  it('shows tomorrow one click away, with its own count (issue #30.1)', async () => {
    const { tipRequests } = setUp('/today-tips');
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    screen.getByRole('link', { name: 'Tomorrow' }).click();
    await screen.findByRole('heading', { name: "TOMORROW'S ACTIVE TIPS: 7" });
    const tomorrow = tipRequests().at(-1)?.params;
    expect(tomorrow?.kickOffFrom).toBe(TODAY_ENDS);
    expect(Date.parse(String(tomorrow?.kickOffTo))).toBeGreaterThan(Date.parse(TODAY_ENDS));
  });

  it('titles the page per category and asks the API for that category', async () => {
    const { tipRequests } = setUp('/today-tips/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'TODAY PREMIUM TIPS' })).toBeDefined();
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    expect(tipRequests()[0].params.category).toBe('premium');
  });

  it("'Load more...' appends the next page and disappears on the last one", async () => {
    const { tipRequests } = setUp();
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more...' }));
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(tipRequests()[1].params.pageNumber).toBe(2);
    expect(screen.queryByRole('button', { name: 'Load more...' })).toBeNull();
  });

  it('hides Load more when everything fits on one page', async () => {
    setUp('/today-tips', ALL_TIPS.slice(0, 5));
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 5' });
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more...' })).toBeNull();
  });

  it('changes nothing until APPLY, then reloads page 1 with every filter', async () => {
    const { tipRequests, router } = setUp();
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    const filters = screen.getByRole('form', { name: 'Filters' });
    const panel = within(filters);

    fireEvent.click(panel.getByRole('radio', { name: 'Premium' }));
    fireEvent.click(panel.getByRole('checkbox', { name: 'Fixed Odd F.T' }));
    fireEvent.click(panel.getByRole('checkbox', { name: 'Asian Handicap F.T' }));
    fireEvent.change(panel.getByRole('spinbutton', { name: 'Min' }), { target: { value: '100' } });
    fireEvent.change(panel.getByRole('spinbutton', { name: 'Max' }), { target: { value: '950' } });

    // Editing the panel alone sends nothing and keeps the list as it was.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tipRequests()).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/today-tips');

    fireEvent.click(panel.getByRole('button', { name: 'APPLY' }));
    await waitFor(() => expect(tipRequests()).toHaveLength(2));
    expect(tipRequests()[1].params).toEqual({
      pageNumber: 1,
      pageSize: 5,
      category: 'premium',
      filters: '1,3',
      minPrice: 100,
      maxPrice: 950,
      kickOffTo: TODAY_ENDS,
    });
    expect(router.state.location.pathname).toBe('/today-tips/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'TODAY PREMIUM TIPS' })).toBeDefined();
  });

  it('refuses a minimum above the maximum', async () => {
    const { tipRequests } = setUp();
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    const panel = within(screen.getByRole('form', { name: 'Filters' }));
    fireEvent.change(panel.getByRole('spinbutton', { name: 'Min' }), { target: { value: '6000' } });
    expect(panel.getByRole('alert').textContent).toMatch(/minimum price cannot be above/);
    expect((panel.getByRole('button', { name: 'APPLY' }) as HTMLButtonElement).disabled).toBe(true);
    expect(tipRequests()).toHaveLength(1);
  });

  it('reads applied filters from the address, so a filtered list can be shared', async () => {
    const { tipRequests } = setUp('/today-tips/senior?types=113,4&minPrice=50&maxPrice=300');
    await screen.findByRole('heading', { name: 'TODAY ACTIVE TIPS: 7' });
    expect(tipRequests()[0].params).toEqual({
      pageNumber: 1,
      pageSize: 5,
      category: 'senior',
      filters: '4,113',
      minPrice: 50,
      maxPrice: 300,
      kickOffTo: TODAY_ENDS,
    });
    const panel = within(screen.getByRole('form', { name: 'Filters' }));
    expect((panel.getByRole('checkbox', { name: 'Home/Away' }) as HTMLInputElement).checked).toBe(true);
    expect((panel.getByRole('spinbutton', { name: 'Min' }) as HTMLInputElement).value).toBe('50');
  });

  it('says so when no tip matches, and offers a retry when the list fails', async () => {
    const { unmount } = setUp('/today-tips', []);
    expect(await screen.findByText('No active tips')).toBeDefined();
    unmount();
    resetTestKit();
    stubFetch();
    installFakeApi(() => ({ status: 500, data: { code: 'INTERNAL', errors: ['boom'], requestId: 'x' } }));
    renderRoutes([{ path: '/today-tips/:category?', Component: TodayTipsRoute }], '/today-tips');
    expect(await screen.findByText('Could not load this list')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
