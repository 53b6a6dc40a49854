import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  installFakeApi,
  makeRecord,
  paged,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { RecordsModal } from './records-modal';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

const RECORDS = Array.from({ length: 8 }, (_, index) =>
  makeRecord({
    id: 500 + index,
    result: index % 3 === 0 ? 'Loss' : 'Win',
    isWin: index % 3 !== 0,
    resultDetails: `FT ${index}-1`,
  }),
);

function setUp() {
  stubFetch();
  const requests = installFakeApi((request) => {
    const { pageNumber, pageSize, month } = request.params;
    const matching = Number(month) > 0 ? RECORDS.slice(0, 3) : RECORDS;
    return { data: paged(matching, Number(pageNumber), Number(pageSize)) };
  });
  renderWithProviders(<RecordsModal tipsterId={13} tipsterName="Kenji Haddad" open onClose={() => {}} />);
  return requests;
}

describe('Tipster Records modal', () => {
  it('opens on all history and all betting types, page 1 of size 5', async () => {
    const requests = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Tipster Records' });
    await within(dialog).findByText('Settled tips: 8');
    expect(requests[0]).toMatchObject({
      url: '/tipsters/records/13',
      params: { pageNumber: 1, pageSize: 5, month: 0 },
    });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
  });

  it('lists teams, betting type, selection, odds, result and result details', async () => {
    setUp();
    const dialog = screen.getByRole('dialog', { name: 'Tipster Records' });
    const first = (await within(dialog).findAllByRole('listitem'))[0];
    const item = within(first);
    expect(item.getByText('Home 500 vs Away 500')).toBeDefined();
    expect(item.getByText(/Home\/Away/)).toBeDefined();
    expect(item.getByText('Home')).toBeDefined();
    expect(item.getByText('2.00')).toBeDefined();
    expect(item.getByText('Loss')).toBeDefined();
    expect(item.getByText('FT 0-1')).toBeDefined();
  });

  it("'Load more' appends the next page", async () => {
    const requests = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Tipster Records' });
    await within(dialog).findByText('Settled tips: 8');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(8));
    expect(requests[1].params).toMatchObject({ pageNumber: 2, pageSize: 5 });
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers months 0 (all) to 6 and reloads page 1 when the month changes', async () => {
    const requests = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Tipster Records' });
    await within(dialog).findByText('Settled tips: 8');
    const month = within(dialog).getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    expect([...month.options].map((option) => option.value)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    fireEvent.change(month, { target: { value: '3' } });
    await within(dialog).findByText('Settled tips: 3');
    expect(requests.at(-1)?.params).toEqual({ pageNumber: 1, pageSize: 5, month: 3 });
  });

  it('filters by betting type, again from page 1', async () => {
    const requests = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Tipster Records' });
    await within(dialog).findByText('Settled tips: 8');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Betting type' }), {
      target: { value: '4' },
    });
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2].params).toEqual({ pageNumber: 1, pageSize: 5, month: 0, bettingType: 4 });
  });
});
