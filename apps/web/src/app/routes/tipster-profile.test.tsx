import { fireEvent, screen, within } from '@testing-library/react';
import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n.test-support';
import {
  installFakeApi,
  makeRecord,
  makeTip,
  makeTipster,
  paged,
  renderRoutes,
  resetTestKit,
  stubFetch,
} from '../../test/public-test-kit.test-support';
import { Component as ProfileRoute } from './tipster-profile';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

const BIO = `${'Reads the Bundesliga like a book. '.repeat(5)}The end.`;

const PROFILE: TipsterProfile = {
  ...makeTipster({
    id: 13,
    name: 'Kenji Haddad',
    category: 'PREMIUM',
    location: 'Jakarta, Indonesia',
    bio: BIO,
  }),
  activeTips: [makeTip({ id: 301, price: 149 }), makeTip({ id: 302, price: 25 })],
  averageOdds: 3.4167,
  hitRate: 63.333,
  totalTips: 60,
  wins: 38,
  draws: 1,
  losses: 21,
  unitsStaked: 95,
  profit: 12.5,
  yield: 13.16,
  strikeRate: 63.33,
  longestLosingRun: 4,
  maxDrawdown: 6.2,
  profitableMonths: 2,
  months: 3,
  luck: { probability: 0.025, oneIn: 40, simulations: 10_000 },
  unitsSeries: [
    { date: '2026-09-01', tips: 1, profit: 1.5 },
    { date: '2026-10-01', tips: 2, profit: 12.5 },
  ],
  monthly: [
    { month: '2026-10', tips: 40, unitsStaked: 60, profit: 14, yield: 23.33 },
    { month: '2026-09', tips: 20, unitsStaked: 35, profit: -1.5, yield: -4.29 },
  ],
  clv: { average: 0.021, beatCloseRate: 0.6, sample: 25 },
};

function setUp(path = '/tipster-profile/13') {
  stubFetch();
  const requests = installFakeApi((request) => {
    if (request.url === '/tipsters/profile/13') return { data: PROFILE };
    if (request.url === '/tipsters/records/13') {
      const records = [
        makeRecord({ id: 1, eventTime: '2026-09-01T15:00:00Z', odds: 2.5, isWin: true, result: 'Win' }),
        makeRecord({
          id: 2,
          eventTime: '2026-09-08T15:00:00Z',
          odds: 1.8,
          isWin: false,
          result: 'Loss',
          closingOdds: { odds: 1.7, at: '2026-09-08T14:55:00Z' },
          clv: 0.0345,
        }),
        makeRecord({ id: 3, eventTime: '2026-09-09T15:00:00Z', noClosingPrice: true }),
      ];
      return { data: paged(records, Number(request.params.pageNumber), Number(request.params.pageSize)) };
    }
    return { status: 404, data: { code: 'NOT_FOUND', errors: ['Tipster not found'], requestId: 'x' } };
  });
  renderRoutes(
    [
      { path: '/tipster-profile/:tipsterId', Component: ProfileRoute },
      { path: '/tipster/:tipsterId', Component: ProfileRoute },
    ],
    path,
  );
  return requests;
}

describe('Tipster profile page', () => {
  it('shows name, category, location, follow, performance with 2 decimals and the details list', async () => {
    setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kenji Haddad' })).toBeDefined();
    expect(screen.getAllByText('Jakarta, Indonesia').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /FOLLOW/ })).toBeDefined();
    const performance = within(screen.getByRole('region', { name: 'Performance' }));
    expect(performance.getByText('63.33%')).toBeDefined();
    expect(performance.getByText('3.42')).toBeDefined();
    const details = within(screen.getByRole('region', { name: 'Details' }));
    for (const [label, value] of [
      ['Total tips', '60'],
      ['Hit rate', '63.33%'],
      ['Wins', '38'],
      ['Draws', '1'],
      ['Losses', '21'],
      ['Location', 'Jakarta, Indonesia'],
    ]) {
      expect(details.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
  });

  it("shows the first 100 characters of the bio with 'Read more...' / 'Show less'", async () => {
    setUp();
    const toggle = await screen.findByRole('button', { name: 'Read more...' });
    const text = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(text?.textContent).toBe(`${BIO.slice(0, 100).trimEnd()}…`);
    fireEvent.click(toggle);
    expect(text?.textContent).toBe(BIO);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('lists active tips with betting type, price and buy options', async () => {
    setUp();
    const table = await screen.findByRole('table', { name: 'Active Tips' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Home 301 vs Away 301')).toBeDefined();
    expect(within(rows[0]).getByText('$149.00')).toBeDefined();
    expect(within(rows[0]).getByRole('button', { name: /BUY NOW/ })).toBeDefined();
  });

  it('shows units, yield, sample size and the luck figure in plain words', async () => {
    setUp();
    const units = within(await screen.findByRole('region', { name: 'Units record' }));
    for (const [label, value] of [
      ['Profit', '+12.50 units'],
      ['Yield', '13.16%'],
      ['Settled tips', '60'],
      ['Units staked', '95'],
      ['Longest losing run', '4'],
      ['Max drawdown', '6.20 units'],
      ['Profitable months', '2 of 3'],
    ]) {
      expect(units.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(units.getByText('A record this good would happen by luck about 1 time in 40.')).toBeDefined();
  });

  it('draws the units chart from the daily series and the month-by-month table', async () => {
    const requests = setUp();
    const figure = await screen.findByRole('figure');
    expect(within(figure).getByText('+12.50 units')).toBeDefined();
    const rows = within(figure).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(['+1.50', '+12.50']);
    // The chart is the profile's own series: no second request for records.
    expect(requests.some((request) => request.url === '/tipsters/records/13')).toBe(false);
    const monthly = within(screen.getByRole('table', { name: 'Month by month' }));
    const months = monthly.getAllByRole('row').slice(1);
    expect(months.map((row) => row.textContent)).toEqual([
      '2026-104060+14.0023.33%',
      '2026-092035−1.50-4.29%',
    ]);
  });

  it('opens the Tipster Records modal', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: /Tipster Records/ }));
    expect(await screen.findByRole('dialog', { name: 'Tipster Records' })).toBeDefined();
  });

  it('shows average CLV, the share beating the close and the sample', async () => {
    setUp();
    const clv = within(await screen.findByRole('region', { name: 'Closing-line value' }));
    for (const [label, value] of [
      ['Average CLV', '+2.10%'],
      ['Beat the close', '60.00%'],
      ['Tips with a closing price', '25'],
    ]) {
      expect(clv.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
  });

  it("shows each record's closing odds and CLV, or that its market had none", async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: /Tipster Records/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tipster Records' }));
    const items = await dialog.findAllByRole('listitem');
    const closed = within(
      items.find((item) => item.textContent?.includes('Home 2 vs Away 2')) as HTMLElement,
    );
    expect(closed.getByText('Closing odds:').nextElementSibling?.textContent).toBe('1.70');
    expect(closed.getByText('CLV:').nextElementSibling?.textContent).toBe('+3.45%');
    const none = within(items.find((item) => item.textContent?.includes('Home 3 vs Away 3')) as HTMLElement);
    expect(none.getByText('No closing price')).toBeDefined();
    // A record closed before this change shows neither.
    const old = within(items.find((item) => item.textContent?.includes('Home 1 vs Away 1')) as HTMLElement);
    expect(old.queryByText('Closing odds:')).toBeNull();
  });

  it('answers /tipster/:id too, and says so when the tipster does not exist', async () => {
    setUp('/tipster/999');
    expect(await screen.findByText('Tipster not found')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Tipster profile' })).toBeDefined();
  });
});
