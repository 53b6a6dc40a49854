import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadMoreQuery } from '../../lib/use-load-more-query';
import { initTestI18n } from '../../test/i18n.test-support';
import { LoadMoreList } from './load-more-list';

beforeAll(async () => {
  await initTestI18n();
});

const list = (items: Array<{ id: number }>, isPending: boolean): LoadMoreQuery<{ id: number }> => ({
  items,
  totalItems: items.length,
  isPending,
  isError: false,
  isLoadMoreError: false,
  hasMore: false,
  isLoadingMore: false,
  loadMore: () => {},
  retry: () => {},
});

function view(query: LoadMoreQuery<{ id: number }>) {
  return (
    <LoadMoreList
      list={query}
      skeletonCount={5}
      skeleton={<span data-testid="placeholder" />}
      empty={<p>empty</p>}
      renderItem={(item) => <p>item {item.id}</p>}
    />
  );
}

// Issue #32: on /tipsters the item whose id is 1 took over the second placeholder's <li>, and the
// browser counted its move to the top as a layout shift (CLS 0.17 at 375 px).
describe('LoadMoreList', () => {
  it('puts the items in new elements, never in a placeholder that would then move', () => {
    const { rerender } = render(view(list([], true)));
    const placeholders = screen.getAllByTestId('placeholder').map((node) => node.closest('li'));
    expect(placeholders).toHaveLength(5);
    rerender(view(list([{ id: 1 }, { id: 2 }, { id: 3 }], false)));
    const items = ['item 1', 'item 2', 'item 3'].map((text) => screen.getByText(text).closest('li'));
    for (const item of items) expect(placeholders).not.toContain(item);
  });
});
