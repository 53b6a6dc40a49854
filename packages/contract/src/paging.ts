import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './constants';
import { queryInt } from './query-params';

// Every paged API response has this shape (SPEC §3).
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    currentPage: z.int().min(1),
    pageSize: z.int().min(1),
    totalItems: z.int().min(0),
    totalPages: z.int().min(0),
    data: z.array(item),
  });
}

export interface Paged<T> {
  currentPage: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  data: T[];
}

export function totalPages(totalItems: number, pageSize: number): number {
  if (totalItems <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalItems / pageSize);
}

export function offsetOf(page: number, size: number): number {
  return Math.max(0, page - 1) * size;
}

// 'Load more...' stays visible while the current page is below the total pages.
export function hasMore(currentPage: number, totalPages: number): boolean {
  return currentPage < totalPages;
}

// Bounded so that a hostile pageNumber cannot ask the database for an absurd offset.
export const MAX_PAGE_NUMBER = 100_000;

export const PageNumberSchema = queryInt({ name: 'pageNumber', min: 1, max: MAX_PAGE_NUMBER, default: 1 });

export function pageSizeSchema(defaultSize: number) {
  return queryInt({ name: 'pageSize', min: 1, max: MAX_PAGE_SIZE, default: defaultSize });
}

export function pageQuerySchema(defaultSize: number) {
  return z.object({ pageNumber: PageNumberSchema, pageSize: pageSizeSchema(defaultSize) });
}

export const PageQuerySchema = pageQuerySchema(PAGE_SIZES.tipsDefault);
export type PageQuery = z.infer<typeof PageQuerySchema>;
