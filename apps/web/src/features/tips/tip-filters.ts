import { BETTING_TYPE_CODES, type CategoryPage, PRICE_FILTER } from '@tips/contract/rules';

/** The filter panel's values (SPEC §2/§5). */
export interface TipFilters {
  category: CategoryPage;
  bettingTypes: number[];
  minPrice: number;
  maxPrice: number;
}

export function defaultTipFilters(category: CategoryPage = 'all'): TipFilters {
  return { category, bettingTypes: [], minPrice: PRICE_FILTER.defaultMin, maxPrice: PRICE_FILTER.defaultMax };
}

export function clampPrice(value: number): number {
  if (!Number.isFinite(value)) return PRICE_FILTER.min;
  return Math.min(PRICE_FILTER.max, Math.max(PRICE_FILTER.min, Math.round(value)));
}

function readPrice(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? clampPrice(value) : fallback;
}

function readBettingTypes(raw: string | null): number[] {
  if (!raw) return [];
  const known = new Set<number>(BETTING_TYPE_CODES);
  const codes = raw.split(',').map(Number);
  return BETTING_TYPE_CODES.filter((code) => codes.includes(code) && known.has(code));
}

/**
 * Applied filters live in the address (category in the path, the rest in the query) so that a
 * filtered list can be shared, bookmarked and reached with Back.
 */
export function filtersFromSearch(category: CategoryPage, search: URLSearchParams): TipFilters {
  const minPrice = readPrice(search.get('minPrice'), PRICE_FILTER.defaultMin);
  const maxPrice = readPrice(search.get('maxPrice'), PRICE_FILTER.defaultMax);
  return {
    category,
    bettingTypes: readBettingTypes(search.get('types')),
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
  };
}

export function pathForFilters(filters: TipFilters): string {
  const search = new URLSearchParams();
  if (filters.bettingTypes.length > 0) search.set('types', filters.bettingTypes.join(','));
  if (filters.minPrice !== PRICE_FILTER.defaultMin) search.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== PRICE_FILTER.defaultMax) search.set('maxPrice', String(filters.maxPrice));
  const query = search.toString();
  const path = filters.category === 'all' ? '/today-tips' : `/today-tips/${filters.category}`;
  return query ? `${path}?${query}` : path;
}

/** How many filters differ from the defaults (shown on the phone's Filters button). */
export function activeFilterCount(filters: TipFilters): number {
  let count = filters.bettingTypes.length > 0 ? 1 : 0;
  if (filters.category !== 'all') count += 1;
  if (filters.minPrice !== PRICE_FILTER.defaultMin || filters.maxPrice !== PRICE_FILTER.defaultMax)
    count += 1;
  return count;
}
