/**
 * random=true lists order rows by their stable random key mixed (XOR) with this seed. The seed
 * changes once a day (UTC), so visitors see a new order each day, while within a day the order
 * is fixed and 'Load more' pages never repeat or skip a row. A positive int4, as SQL expects.
 */
export function dailyShuffleSeed(now: Date): number {
  const day = Math.floor(now.getTime() / 86_400_000);
  // A multiplicative hash spreads consecutive days over the whole key range.
  return (Math.imul(day + 1, 0x9e3779b1) >>> 1) & 0x7fffffff;
}
