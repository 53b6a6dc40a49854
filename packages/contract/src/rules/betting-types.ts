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
