import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  installFakeApi,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { StatisticsPage } from './statistics-page';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

const row = (id: number, name: string) => ({
  id,
  name,
  totalTips: 60,
  averageOdds: 3.456,
  winPercentage: 66.666,
  wins: 40,
  fails: 20,
  profit: 12.345,
  yield: -4.5,
});

describe('Statistics page', () => {
  it('shows the five rankings with the SPEC columns plus profit and yield, and the most proven and links opening in a new tab', async () => {
    stubFetch();
    installFakeApi(() => ({
      data: {
        topTipstersAllTime: [row(1, 'Mateo Kowalski')],
        topMonthlyPremiums: [row(2, 'Paolo Bianchi')],
        topWeeklyPremiums: [],
        topMonthySeniors: [row(4, 'Ivan Keller')],
        topWeeklySeniors: [row(5, 'Marco Rossi')],
        mostProven: [
          { ...row(6, 'Ana Silva'), luck: { probability: 0.025, oneIn: 40, simulations: 10_000 } },
        ],
      },
    }));
    renderWithProviders(<StatisticsPage />);
    // The tables come in a deferred render that React splits into short tasks (issue #32): in
    // happy-dom those slices are slow to schedule, so give it longer than the default second.
    await screen.findByText('Mateo Kowalski', {}, { timeout: 5000 });
    // …and one table after the other: the last one is the most proven.
    await screen.findByText('Ana Silva', {}, { timeout: 5000 });
    const tables = screen.getAllByRole('table');
    const titleOf = (table: HTMLElement) =>
      document.getElementById(table.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(tables.map(titleOf)).toEqual([
      'TOP TIPSTERS ALL TIME',
      'TOP PREMIUM TIPSTERS THIS MONTH',
      'TOP PREMIUM TIPSTERS THIS WEEK',
      'TOP SENIOR TIPSTERS THIS MONTH',
      'TOP SENIOR TIPSTERS THIS WEEK',
      'MOST PROVEN: LEAST LIKELY TO BE LUCK',
    ]);
    const first = within(tables[0]);
    expect(first.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'TIPSTER',
      'NO. TIPS',
      'ODDS',
      'HITS %',
      'WIN',
      'FAIL',
      'PROFIT',
      'YIELD',
    ]);
    const link = first.getByRole('link', { name: /Mateo Kowalski/ });
    expect(link.getAttribute('href')).toBe('/tipster-profile/1');
    expect(link.getAttribute('target')).toBe('_blank');
    const cells = within(first.getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['60', '3.46', '66.67%', '40', '20', '+12.35', '-4.50%']);
    const proven = within(tables[5]);
    expect(proven.getAllByRole('columnheader').at(-1)?.textContent).toBe('LUCK');
    expect(proven.getAllByRole('cell').at(-1)?.textContent).toBe('1 / 40');
    // The measure and its minimum samples (decision 160), and the luck table's own minimum.
    expect(
      screen.getByText(
        'Each table ranks tipsters by profit in units over the settled tips of its period. Tipsters with at least 30 settled tips all time, 10 this month or 5 this week come first; those with fewer follow, also by profit.',
      ),
    ).toBeDefined();
    expect(screen.getByText(/“Most proven” lists only tipsters with at least 30 settled tips/)).toBeDefined();
    expect(within(tables[2]).getByText('No tipster has settled tips in this period yet.')).toBeDefined();
  });

  it('fills every table with all of its rows, in order, and then no placeholder is left', async () => {
    stubFetch();
    const ten = (table: number) =>
      Array.from({ length: 10 }, (_, index) => row(table * 100 + index, `Tipster ${table}-${index + 1}`));
    installFakeApi(() => ({
      data: {
        topTipstersAllTime: ten(1),
        topMonthlyPremiums: ten(2),
        topWeeklyPremiums: ten(3).slice(0, 3),
        topMonthySeniors: ten(4),
        topWeeklySeniors: ten(5).slice(0, 7),
        mostProven: ten(6),
      },
    }));
    renderWithProviders(<StatisticsPage />);
    await screen.findByText('Tipster 6-10', {}, { timeout: 5000 });
    const tables = screen.getAllByRole('table');
    const names = (table: HTMLElement) =>
      within(table)
        .queryAllByRole('link')
        .map((link) => link.textContent?.match(/Tipster \d+-\d+/)?.[0]);
    expect(tables.map((table) => names(table).length)).toEqual([10, 10, 3, 10, 7, 10]);
    expect(names(tables[4])).toEqual(
      ten(5)
        .slice(0, 7)
        .map((r) => r.name),
    );
    expect(tables.every((table) => table.getAttribute('aria-busy') === 'false')).toBe(true);
    // Each table's body holds its rows only: the placeholders are gone.
    expect(tables.map((table) => within(table).getAllByRole('row').length - 1)).toEqual([
      10, 10, 3, 10, 7, 10,
    ]);
  });
});
