/**
 * The key a team spelling is matched by: lower case, accents folded, punctuation dropped, spaces
 * collapsed ('SC Heerenveen' and 'sc Heerenveen', 'Malmö FF' and 'Malmo FF' are one team).
 * Searches fold the user's text the same way.
 */
export function teamAlias(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
