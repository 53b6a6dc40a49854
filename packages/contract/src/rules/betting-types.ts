// Numeric codes are what the API stores and the query string carries (SPEC §3).
export const BETTING_TYPES = [
  { code: 1, name: 'Asian Handicap F.T' },
  { code: 2, name: 'Total goal F.T' },
  { code: 3, name: 'Fixed Odd F.T' },
  { code: 4, name: 'Correct Score F.T' },
  { code: 5, name: 'Asian Handicap H.T' },
  { code: 6, name: 'Fixed Odd H.T' },
  { code: 7, name: 'Correct Score H.T' },
  { code: 8, name: 'Total goal H.T' },
  { code: 14, name: 'European Handicap' },
  { code: 15, name: 'Odd/Even' },
  { code: 113, name: 'Home/Away' },
] as const;

export type BettingTypeCode = (typeof BETTING_TYPES)[number]['code'];

export const BETTING_TYPE_CODES = BETTING_TYPES.map((t) => t.code) as [BettingTypeCode, ...BettingTypeCode[]];

export function isBettingTypeCode(value: unknown): value is BettingTypeCode {
  return typeof value === 'number' && (BETTING_TYPE_CODES as readonly number[]).includes(value);
}

// Accepts any number because database rows are plain integers; an unknown code still renders.
export function bettingTypeName(code: number): string {
  return BETTING_TYPES.find((t) => t.code === code)?.name ?? `Type ${code}`;
}

/**
 * One pick per market (decision 114, issue 29.8): the betting types that answer the same question
 * about a match. Two open tips of one tipster on one fixture in one market either repeat each
 * other or hedge (Home, Draw and Away together guarantee a winner in the record; so do Home -0.5
 * and Away +0.5, or Home in 1X2 and Away +0.5), so the second is refused:
 * - full-time result: Fixed Odd F.T (3), Home/Away (113), Asian Handicap F.T (1), European Handicap (14);
 * - half-time result: Fixed Odd H.T (6), Asian Handicap H.T (5);
 * - full-time goals: Total goal F.T (2); half-time goals: Total goal H.T (8);
 * - full-time score: Correct Score F.T (4); half-time score: Correct Score H.T (7);
 * - full-time parity: Odd/Even (15).
 * Any line and any side count: a second line on one market (Over 2.5 and Over 3.5) stacks the
 * same bet, an opposite one hedges it.
 */
export const BETTING_MARKETS = {
  'ft-result': [3, 113, 1, 14],
  'ht-result': [6, 5],
  'ft-goals': [2],
  'ht-goals': [8],
  'ft-score': [4],
  'ht-score': [7],
  'ft-parity': [15],
} as const satisfies Record<string, readonly BettingTypeCode[]>;

/** The betting types in the same market as `code` (itself included; just itself when unknown). */
export function bettingTypesOfMarket(code: number): readonly number[] {
  return (
    Object.values(BETTING_MARKETS).find((types) => (types as readonly number[]).includes(code)) ?? [code]
  );
}
