import { toCategoryFilter } from './categories';

// The category pages (/today-tips/:category?, /tipsters/:category?): premium, senior, or anything
// else (free/all) (SPEC §2). One type from the route segment to the query (and, through
// categoryFilterToTipsterCategory, to the SQL filter).
export const CATEGORY_PAGES = ['all', 'senior', 'premium'] as const;
export type CategoryPage = (typeof CATEGORY_PAGES)[number];

export function toCategoryPage(segment: unknown): CategoryPage {
  const filter = toCategoryFilter(segment);
  return filter === 'senior' || filter === 'premium' ? filter : 'all';
}

/** The `category` query value for a page: '' (no filter) for all. */
export function categoryQueryOf(page: CategoryPage): Exclude<CategoryPage, 'all'> | '' {
  return page === 'all' ? '' : page;
}
