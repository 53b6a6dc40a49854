import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import { SearchForm, useSearchedPages } from './searchable-list';

beforeAll(async () => {
  await initTestI18n();
});

/** A list as the back office tabs build one: the query and page it would ask the API for. */
function Harness() {
  const search = useSearchedPages();
  return (
    <>
      <SearchForm label="Username, email or name" search={search} />
      <p data-testid="asked">{`q=${search.query} page=${search.page}`}</p>
      <button type="button" onClick={() => search.setPage(search.page + 1)}>
        Next
      </button>
    </>
  );
}

describe('back office search', () => {
  it('asks for nothing new while typing; Search sends the trimmed text from page 1', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('asked').textContent).toBe('q= page=3');

    fireEvent.change(screen.getByLabelText('Username, email or name'), { target: { value: '  demo ' } });
    expect(screen.getByTestId('asked').textContent).toBe('q= page=3');

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('asked').textContent).toBe('q=demo page=1');
  });
});
