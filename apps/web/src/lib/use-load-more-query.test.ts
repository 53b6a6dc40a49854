import { describe, expect, it } from 'vitest';
import { nextPageOf } from './use-load-more-query';

describe('Load more (SPEC §4)', () => {
  it('has a next page while the current page is below the total pages', () => {
    expect(nextPageOf({ currentPage: 1, totalPages: 2 })).toBe(2);
    expect(nextPageOf({ currentPage: 2, totalPages: 2 })).toBeUndefined();
    expect(nextPageOf({ currentPage: 1, totalPages: 0 })).toBeUndefined();
  });
});
