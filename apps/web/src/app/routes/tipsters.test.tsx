import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toast-store';
import { initTestI18n } from '../../test/i18n.test-support';
import {
  installFakeApi,
  makeTipster,
  paged,
  renderRoutes,
  resetTestKit,
  stubFetch,
} from '../../test/public-test-kit.test-support';
import { Component as TipstersRoute } from './tipsters';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
  for (const toast of useToastStore.getState().toasts) useToastStore.getState().dismiss(toast.id);
});

const TIPSTERS = Array.from({ length: 6 }, (_, index) =>
  makeTipster({ id: 30 + index, name: `Tipster ${30 + index}` }),
);

function setUp(path = '/tipsters') {
  stubFetch();
  const requests = installFakeApi((request) => {
    if (request.url === '/tipsters') {
      return { data: paged(TIPSTERS, Number(request.params.pageNumber), Number(request.params.pageSize)) };
    }
    if (request.url.startsWith('/tipsters/follow/')) return { status: 200, data: {} };
    return { status: 404 };
  });
  const view = renderRoutes(
    [
      { path: '/tipsters/:category?', Component: TipstersRoute },
      { path: '/login', element: <h1>login page</h1> },
    ],
    path,
  );
  return { ...view, requests };
}

describe('Tipsters page', () => {
  it("titles the list 'TOP {CATEGORY} TIPSTERS' and asks for pages of 5", async () => {
    const { requests } = setUp('/tipsters/senior');
    expect(screen.getByRole('heading', { level: 1, name: 'TOP SENIOR TIPSTERS' })).toBeDefined();
    await screen.findByRole('heading', { name: 'Tipster 30' });
    expect(requests[0].params).toEqual({ pageNumber: 1, pageSize: 5, category: 'senior' });
  });

  it('shows logo, name, category, last 5, FOLLOW and View Profile on each card', async () => {
    setUp();
    const card = (await screen.findAllByRole('article'))[0];
    const inCard = within(card);
    expect(inCard.getByRole('heading', { name: 'Tipster 30' })).toBeDefined();
    expect(inCard.getByText('Senior')).toBeDefined();
    expect(inCard.getByText('Last 5 results: Win, Win, Loss')).toBeDefined();
    expect(inCard.getByRole('button', { name: /FOLLOW/ })).toBeDefined();
    expect(inCard.getByRole('link', { name: /View Profile/ }).getAttribute('href')).toBe(
      '/tipster-profile/30',
    );
  });

  it("'Load more...' appends the next page", async () => {
    const { requests } = setUp();
    await screen.findByRole('heading', { name: 'Tipster 30' });
    expect(screen.getAllByRole('article')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Load more...' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(requests[1].params.pageNumber).toBe(2);
  });

  it('sends visitors who press FOLLOW to /login', async () => {
    const { router, requests } = setUp();
    const card = (await screen.findAllByRole('article'))[0];
    fireEvent.click(within(card).getByRole('button', { name: /FOLLOW/ }));
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('follows and unfollows a signed-in user, with the SPEC toasts', async () => {
    localStorage.setItem('accessToken', 'token');
    const { requests } = setUp();
    const card = (await screen.findAllByRole('article'))[0];
    fireEvent.click(within(card).getByRole('button', { name: /FOLLOW/ }));
    await within(card).findByRole('button', { name: /UNFOLLOW/ });
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/tipsters/follow/30' });
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('You are now following tipster Tipster 30');

    fireEvent.click(within(card).getByRole('button', { name: /UNFOLLOW/ }));
    await waitFor(() => expect(within(card).queryByRole('button', { name: /UNFOLLOW/ })).toBeNull());
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/tipsters/follow/30' });
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('You unfollowed tipster Tipster 30');
  });
});
