import { describe, expect, it } from 'vitest';
import { BETTING_MARKETS, BETTING_TYPES, bettingTypesOfMarket } from './betting-types';

// Decision 114: one open pick per tipster, match and market.
describe('betting markets', () => {
  it('put every betting type in exactly one market', () => {
    const listed = Object.values(BETTING_MARKETS).flat() as number[];
    expect([...listed].sort((a, b) => a - b)).toEqual(
      BETTING_TYPES.map((type) => type.code).sort((a, b) => a - b),
    );
  });

  it('group the full-time result markets, and keep goals, scores, halves and parity apart', () => {
    expect([...bettingTypesOfMarket(113)].sort((a, b) => a - b)).toEqual([1, 3, 14, 113]);
    expect(bettingTypesOfMarket(6)).toEqual([6, 5]);
    expect(bettingTypesOfMarket(2)).toEqual([2]);
    expect(bettingTypesOfMarket(4)).toEqual([4]);
    expect(bettingTypesOfMarket(15)).toEqual([15]);
    expect(bettingTypesOfMarket(999)).toEqual([999]);
  });
});
