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
