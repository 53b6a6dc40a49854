import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tip } from '@tips/contract/tips.schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { apiError, type FakeCall, type FakeReply, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { DashboardPage } from './dashboard-page';

// The card provider's button is covered by the payments tests and the e2e suite.
vi.mock('../../../components/tips/pay-button-slot', () => ({
  PayButtonSlot: ({ tipIds }: { tipIds: number[] }) => <span data-testid="pay-slot">{tipIds.join(',')}</span>,
}));

beforeAll(async () => {
  await initTestI18n();
});

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '+44 1234 5678',
  country: 'United Kingdom',
  memberSince: '2025-01-05T10:00:00.000Z',
  creditBalance: 120.5,
  profileImage: null,
  emailVerified: true,
  roles: ['user'],
};

function tip(id: number, overrides: Partial<Tip> = {}): Tip {
  return {
    id,
    tipsType: 'PREMIUM',
    eventTime: '2030-05-01T18:30:00.000Z',
    eventName: 'Premier League',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    bettingType: 3,
    bettingTypeName: 'Fixed Odd F.T',
    selection: null,
    reasoning: null,
    referenceOdds: null,
    oddsVerified: true,
    odds: 1.9,
    price: 12.1,
    isFree: false,
    isFinalized: false,
    closingOdds: null,
    clv: null,
    noClosingPrice: false,
    isWin: null,
    result: null,
    outcome: null,
    resultDetails: null,
    fixtureId: null,
    currency: 'DOLLARS',
    isOwned: false,
    tipster: { id: 7, name: 'Ahmed Novak', category: 'PREMIUM', profileImageUrl: null, results: [] },
    ...overrides,
  };
}

const TIPSTER = {
  id: 7,
  name: 'Ahmed Novak',
  category: 'PREMIUM',
  location: 'Madrid',
  bio: 'Bio',
  profileImageUrl: null,
  results: [true, false],
  totalWins: 3,
  totalLosses: 2,
  isFollowed: true,
};

function historyPage(call: FakeCall): FakeReply {
  const { pageNumber } = call.params as { pageNumber: number };
  return [
    200,
    {
      currentPage: pageNumber,
      pageSize: 5,
      totalItems: 7,
      totalPages: 2,
      data: [tip(100 + pageNumber, { isFinalized: true, result: 'Win', isWin: true, selection: 'Over 2.5' })],
    },
  ];
}

let api: ReturnType<typeof installFakeApi>;
afterEach(() => {
  api.restore();
  for (const item of useToastStore.getState().toasts) useToastStore.getState().dismiss(item.id);
  useUserProfileStore.getState().clear();
});

function renderDashboard(routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  api = installFakeApi({
    'GET /users/profile': [200, { data: PROFILE }],
    'GET /tipsters/following': [200, { data: [TIPSTER] }],
    'GET /tips/following': [
      200,
      {
        data: [
          {
            tipster: { id: 7, name: 'Ahmed Novak', category: 'PREMIUM', profileImageUrl: null },
            tips: [tip(1), tip(2, { isOwned: true, selection: 'Home win' })],
          },
        ],
      },
    ],
    'GET /tips/running': [200, { data: [tip(3, { isOwned: true, selection: 'Draw' })] }],
    'GET /tips/history': historyPage,
    ...routes,
  });
  return renderPage(<DashboardPage />, { path: '/dashboard' });
}

const toasts = () => useToastStore.getState().toasts.map((item) => item.message);

describe('DashboardPage', () => {
  it('shows the profile card: username, balance, member since (en-US), Buy Credits and Edit Profile', async () => {
    renderDashboard();
    expect(await screen.findByTestId('dashboard-username')).toBeDefined();
    expect(screen.getByTestId('dashboard-username').textContent).toBe('ada');
    await waitFor(() => expect(screen.getByTestId('dashboard-balance').textContent).toBe('120.50 Credits'));
    expect(screen.getByText('Member since Jan 5, 2025')).toBeDefined();
    expect(screen.getAllByRole('link', { name: 'Buy Credits' })[0].getAttribute('href')).toBe('/buy-credits');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeDefined();
  });

  it('links each credit pack to /buy-credits with the pack in the navigation state', async () => {
    const view = renderDashboard();
    await screen.findByTestId('dashboard-username');
    fireEvent.click(screen.getByRole('link', { name: /^2500/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/buy-credits'));
    expect(view.router.state.location.state).toEqual({ credits: 2500 });
  });

  it('groups followed tips by tipster with prices rounded up, Buy now and pay', async () => {
    renderDashboard();
    const section = await screen.findByTestId('followed-tips');
    const list = within(section);
    expect(await list.findByText('Home 1 vs Away 1')).toBeDefined();
    expect(list.getByRole('heading', { level: 3, name: 'Ahmed Novak' })).toBeDefined();
    expect(list.getAllByText('$13')).toHaveLength(2);
    expect(list.getAllByRole('button', { name: /BUY NOW/i })).toHaveLength(1);
    expect(list.getByTestId('pay-slot').textContent).toBe('1');
    expect(list.getByText('Purchased')).toBeDefined();
  });

  it('lists running tips with their selections', async () => {
    renderDashboard();
    const section = within(await screen.findByTestId('running-tips'));
    expect(await section.findByText('Home 3 vs Away 3')).toBeDefined();
    expect(section.getByText('Draw')).toBeDefined();
  });

  it('pages the history and shows the total', async () => {
    renderDashboard();
    const section = within(await screen.findByTestId('tip-history'));
    expect(await section.findByText('Home 101 vs Away 101')).toBeDefined();
    expect(section.getByText('Tips in total: 7')).toBeDefined();
    expect(section.getByText('Page 1 of 2')).toBeDefined();
    fireEvent.click(section.getByRole('button', { name: 'Next' }));
    expect(await section.findByText('Home 102 vs Away 102')).toBeDefined();
    expect(section.getByText('Page 2 of 2')).toBeDefined();
    expect(section.getByText('Win')).toBeDefined();
  });

  it("says 'You currently aren't following any tipsters' when the list is empty", async () => {
    renderDashboard({ 'GET /tipsters/following': [200, { data: [] }] });
    expect(await screen.findByText("You currently aren't following any tipsters")).toBeDefined();
  });

  it('unfollows a tipster with the SPEC toast', async () => {
    renderDashboard({ 'DELETE /tipsters/follow/7': [200, { ok: true }] });
    const section = within(await screen.findByTestId('followed-tipsters'));
    fireEvent.click(await section.findByRole('button', { name: /UNFOLLOW/i }));
    await waitFor(() => expect(toasts()).toContain('You unfollowed tipster Ahmed Novak'));
    expect(await section.findByText("You currently aren't following any tipsters")).toBeDefined();
  });

  it("uploads the picture chosen by clicking the avatar: 'Profile image updated.'", async () => {
    renderDashboard({ 'POST /users/profile/image': [200, { data: { profileImage: '/img/new.webp' } }] });
    await screen.findByTestId('dashboard-username');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toBe('image/*');
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(toasts()).toContain('Profile image updated.'));
    expect(api.callsTo('POST /users/profile/image')[0].body).toBeInstanceOf(FormData);
    expect(useUserProfileStore.getState().profileImage).toBe('/img/new.webp');
  });

  it("says 'Profile image couldn't be updated.' when the upload fails, and ignores non-images", async () => {
    renderDashboard({ 'POST /users/profile/image': apiError(400, 'The image is too large.') });
    await screen.findByTestId('dashboard-username');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(api.callsTo('POST /users/profile/image')).toEqual([]);
    fireEvent.change(input, { target: { files: [new File(['x'], 'big.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(toasts()).toContain("Profile image couldn't be updated."));
  });
});
