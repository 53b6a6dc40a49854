import {
  BETTING_TYPE_CODES,
  type CategoryPage,
  ODDS_FILTER,
  PRICE_FILTER,
  TIP_LIST_SORTS,
  type TipListSort,
} from '@tips/contract/rules';
import { TRANSLATED_COMPETITIONS } from '../../lib/competition-names';

/**
 * The filter panel's values: the SPEC's (§2/§5: category, betting types, price) and what a punter
 * expects beside them (issue #30.1: competitions, an odds range in decimal odds; null = no bound).
 */
export interface TipFilters {
  category: CategoryPage;
  bettingTypes: number[];
  minPrice: number;
  maxPrice: number;
  competitions: string[];
  minOdds: number | null;
  maxOdds: number | null;
}

/** The competitions a punter can pick in the panel: the ones the site names in every language. */
export const FILTER_COMPETITIONS: readonly string[] = TRANSLATED_COMPETITIONS;

export function defaultTipFilters(category: CategoryPage = 'all'): TipFilters {
  return {
    category,
    bettingTypes: [],
    minPrice: PRICE_FILTER.defaultMin,
    maxPrice: PRICE_FILTER.defaultMax,
    competitions: [],
    minOdds: null,
    maxOdds: null,
  };
}

/** Decimal odds as typed: null for empty or not a number, else within 1.01–1000, two decimals. */
export function readOdds(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw.trim().replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return Math.round(Math.min(ODDS_FILTER.max, Math.max(ODDS_FILTER.min, value)) * 100) / 100;
}

function readCompetitions(raw: string | null): string[] {
  if (!raw) return [];
  const codes = raw.split(',');
  return FILTER_COMPETITIONS.filter((code) => codes.includes(code));
}

/** The list's order from the address; absent or unknown: by kick-off (the SPEC's). */
export function sortFromSearch(search: URLSearchParams): TipListSort {
  const sort = search.get('sort');
  return TIP_LIST_SORTS.find((known) => known === sort) ?? 'kickoff';
}

/** `path` with the sort kept (by kick-off, the default, is left out of the address). */
export function withSort(path: string, sort: TipListSort): string {
  const [pathname, query = ''] = path.split('?');
  const search = new URLSearchParams(query);
  if (sort === 'kickoff') search.delete('sort');
  else search.set('sort', sort);
  const rest = search.toString();
  return rest ? `${pathname}?${rest}` : pathname;
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
  const minOdds = readOdds(search.get('minOdds'));
  const maxOdds = readOdds(search.get('maxOdds'));
  const isOddsSwapped = minOdds !== null && maxOdds !== null && minOdds > maxOdds;
  return {
    category,
    bettingTypes: readBettingTypes(search.get('types')),
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    competitions: readCompetitions(search.get('competitions')),
    minOdds: isOddsSwapped ? maxOdds : minOdds,
    maxOdds: isOddsSwapped ? minOdds : maxOdds,
  };
}

export function pathForFilters(filters: TipFilters): string {
  const search = new URLSearchParams();
  if (filters.bettingTypes.length > 0) search.set('types', filters.bettingTypes.join(','));
  if (filters.minPrice !== PRICE_FILTER.defaultMin) search.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== PRICE_FILTER.defaultMax) search.set('maxPrice', String(filters.maxPrice));
  if (filters.competitions.length > 0) search.set('competitions', filters.competitions.join(','));
  if (filters.minOdds !== null) search.set('minOdds', String(filters.minOdds));
  if (filters.maxOdds !== null) search.set('maxOdds', String(filters.maxOdds));
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
  if (filters.competitions.length > 0) count += 1;
  if (filters.minOdds !== null || filters.maxOdds !== null) count += 1;
  return count;
}
