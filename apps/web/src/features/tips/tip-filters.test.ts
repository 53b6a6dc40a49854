import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultTipFilters,
  filtersFromSearch,
  pathForFilters,
  readOdds,
  sortFromSearch,
  withSort,
} from './tip-filters';

const NONE = { competitions: [], minOdds: null, maxOdds: null };

describe('today-tips filters in the address', () => {
  it('default to all betting types and $0–$5000', () => {
    expect(filtersFromSearch('all', new URLSearchParams())).toEqual(defaultTipFilters('all'));
    expect(defaultTipFilters()).toEqual({
      category: 'all',
      bettingTypes: [],
      minPrice: 0,
      maxPrice: 5000,
      ...NONE,
    });
  });

  it('read known betting types only, in code order, and clamp prices to 0–9999', () => {
    const filters = filtersFromSearch(
      'premium',
      new URLSearchParams('types=113,999,x,2&minPrice=-5&maxPrice=20000'),
    );
    expect(filters).toEqual({
      category: 'premium',
      bettingTypes: [2, 113],
      minPrice: 0,
      maxPrice: 9999,
      ...NONE,
    });
  });

  it('swap a minimum above the maximum', () => {
    const filters = filtersFromSearch('all', new URLSearchParams('minPrice=900&maxPrice=100'));
    expect([filters.minPrice, filters.maxPrice]).toEqual([100, 900]);
  });

  it('write the category in the path and only non-default values in the query', () => {
    expect(pathForFilters(defaultTipFilters('all'))).toBe('/today-tips');
    expect(pathForFilters(defaultTipFilters('senior'))).toBe('/today-tips/senior');
    expect(
      pathForFilters({ category: 'premium', bettingTypes: [1, 3], minPrice: 50, maxPrice: 5000, ...NONE }),
    ).toBe('/today-tips/premium?types=1%2C3&minPrice=50');
  });

  it('round-trip through the address', () => {
    const filters = {
      category: 'senior' as const,
      bettingTypes: [4, 14],
      minPrice: 100,
      maxPrice: 300,
      competitions: ['de.1', 'uefa.cl'],
      minOdds: 1.5,
      maxOdds: 2.25,
    };
    const [path, query] = pathForFilters(filters).split('?');
    expect(path).toBe('/today-tips/senior');
    expect(filtersFromSearch('senior', new URLSearchParams(query))).toEqual(filters);
  });

  it('count the filters that differ from the defaults', () => {
    expect(activeFilterCount(defaultTipFilters())).toBe(0);
    expect(
      activeFilterCount({ category: 'premium', bettingTypes: [1], minPrice: 0, maxPrice: 100, ...NONE }),
    ).toBe(3);
    expect(activeFilterCount({ ...defaultTipFilters(), competitions: ['de.1'], maxOdds: 3 })).toBe(2);
  });
});

describe('a punter’s filters beside the SPEC’s (issue #30.1)', () => {
  it('read known competitions only, in the panel’s order', () => {
    const filters = filtersFromSearch('all', new URLSearchParams('competitions=uefa.cl,xx.1,de.1'));
    expect(filters.competitions).toEqual(['de.1', 'uefa.cl']);
  });

  it('read odds as decimal odds within 1.01–1000, a comma as the decimal mark, swapped when reversed', () => {
    expect(readOdds('1,75')).toBe(1.75);
    expect(readOdds('0.5')).toBe(1.01);
    expect(readOdds('5000')).toBe(1000);
    expect(readOdds('x')).toBeNull();
    expect(readOdds(' ')).toBeNull();
    const filters = filtersFromSearch('all', new URLSearchParams('minOdds=3&maxOdds=1.5'));
    expect([filters.minOdds, filters.maxOdds]).toEqual([1.5, 3]);
  });

  it('keep the sort in the address, by kick-off left out', () => {
    expect(sortFromSearch(new URLSearchParams('sort=record'))).toBe('record');
    expect(sortFromSearch(new URLSearchParams('sort=cheapest'))).toBe('kickoff');
    expect(withSort('/today-tips?day=later', 'priceAsc')).toBe('/today-tips?day=later&sort=priceAsc');
    expect(withSort('/today-tips?sort=record', 'kickoff')).toBe('/today-tips');
  });
});
