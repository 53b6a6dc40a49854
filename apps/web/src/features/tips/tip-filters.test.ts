import { describe, expect, it } from 'vitest';
import { activeFilterCount, defaultTipFilters, filtersFromSearch, pathForFilters } from './tip-filters';

describe('today-tips filters in the address', () => {
  it('default to all betting types and $0–$5000', () => {
    expect(filtersFromSearch('all', new URLSearchParams())).toEqual(defaultTipFilters('all'));
    expect(defaultTipFilters()).toEqual({ category: 'all', bettingTypes: [], minPrice: 0, maxPrice: 5000 });
  });

  it('read known betting types only, in code order, and clamp prices to 0–9999', () => {
    const filters = filtersFromSearch(
      'premium',
      new URLSearchParams('types=113,999,x,2&minPrice=-5&maxPrice=20000'),
    );
    expect(filters).toEqual({ category: 'premium', bettingTypes: [2, 113], minPrice: 0, maxPrice: 9999 });
  });

  it('swap a minimum above the maximum', () => {
    const filters = filtersFromSearch('all', new URLSearchParams('minPrice=900&maxPrice=100'));
    expect([filters.minPrice, filters.maxPrice]).toEqual([100, 900]);
  });

  it('write the category in the path and only non-default values in the query', () => {
    expect(pathForFilters(defaultTipFilters('all'))).toBe('/today-tips');
    expect(pathForFilters(defaultTipFilters('senior'))).toBe('/today-tips/senior');
    expect(pathForFilters({ category: 'premium', bettingTypes: [1, 3], minPrice: 50, maxPrice: 5000 })).toBe(
      '/today-tips/premium?types=1%2C3&minPrice=50',
    );
  });

  it('round-trip through the address', () => {
    const filters = { category: 'senior' as const, bettingTypes: [4, 14], minPrice: 100, maxPrice: 300 };
    const [path, query] = pathForFilters(filters).split('?');
    expect(path).toBe('/today-tips/senior');
    expect(filtersFromSearch('senior', new URLSearchParams(query))).toEqual(filters);
  });

  it('count the filters that differ from the defaults', () => {
    expect(activeFilterCount(defaultTipFilters())).toBe(0);
    expect(activeFilterCount({ category: 'premium', bettingTypes: [1], minPrice: 0, maxPrice: 100 })).toBe(3);
  });
});
