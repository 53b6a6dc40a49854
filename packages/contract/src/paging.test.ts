import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hasMore,
  MAX_PAGE_SIZE,
  offsetOf,
  PageQuerySchema,
  pagedSchema,
  pageQuerySchema,
  totalPages,
} from './index';

describe('page maths', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [23, 5, 5],
    [5, 0, 0],
  ])('%i items in pages of %i → %i pages', (items, size, pages) => {
    expect(totalPages(items, size)).toBe(pages);
  });

  it('computes offsets from 1-based pages', () => {
    expect(offsetOf(1, 10)).toBe(0);
    expect(offsetOf(3, 5)).toBe(10);
    expect(offsetOf(0, 5)).toBe(0);
  });

  it('shows Load more while the current page is below the total', () => {
    expect(hasMore(1, 3)).toBe(true);
    expect(hasMore(3, 3)).toBe(false);
    expect(hasMore(1, 0)).toBe(false);
  });
});

describe('page query', () => {
  it('defaults to page 1 and the given size', () => {
    expect(PageQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(pageQuerySchema(5).parse({})).toEqual({ pageNumber: 1, pageSize: 5 });
    expect(pageQuerySchema(5).parse({ pageNumber: '', pageSize: '' })).toEqual({
      pageNumber: 1,
      pageSize: 5,
    });
  });

  it('coerces query strings', () => {
    expect(PageQuerySchema.parse({ pageNumber: '3', pageSize: '25' })).toEqual({
      pageNumber: 3,
      pageSize: 25,
    });
    expect(PageQuerySchema.parse({ pageNumber: 2, pageSize: MAX_PAGE_SIZE })).toEqual({
      pageNumber: 2,
      pageSize: MAX_PAGE_SIZE,
    });
  });

  it.each([
    { pageNumber: '0' },
    { pageNumber: '-1' },
    { pageNumber: '1.5' },
    { pageNumber: 'abc' },
    { pageSize: '0' },
    { pageSize: String(MAX_PAGE_SIZE + 1) },
  ])('rejects %o', (query) => {
    expect(PageQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('pagedSchema', () => {
  const schema = pagedSchema(z.object({ id: z.int() }));

  it('keeps the paged shape and strips unknown keys', () => {
    const page = {
      currentPage: 1,
      pageSize: 5,
      totalItems: 1,
      totalPages: 1,
      data: [{ id: 1, secret: 'x' }],
    };
    expect(schema.parse(page)).toEqual({ ...page, data: [{ id: 1 }] });
  });
});
