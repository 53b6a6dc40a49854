/**
 * Ids are PostgreSQL `integer`s. The contract accepts any positive safe integer, so a larger one
 * must be answered as "not found" before it reaches a query (PostgreSQL would reject it: a 500).
 */
export const MAX_INT4 = 2_147_483_647;

export function fitsIntColumn(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4;
}
