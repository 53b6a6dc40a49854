import { offsetOf, type Paged, totalPages } from '@tips/contract';

/** Paging and search helpers shared by every back-office list (repositories and services). */

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export function limitOffset(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: offsetOf(page.pageNumber, page.pageSize) };
}

export function toPage<T>(data: T[], totalItems: number, page: PageRequest): Paged<T> {
  return {
    currentPage: page.pageNumber,
    pageSize: page.pageSize,
    totalItems,
    totalPages: totalPages(totalItems, page.pageSize),
    data,
  };
}

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
