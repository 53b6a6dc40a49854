// Credit-pack pricing (SPEC §9): the discount of the largest pack not above the entered amount
// applies to the whole amount, so typing 260 credits still gets the 250-pack's 5%.

export const CREDIT_PACKS = [
  { credits: 100, discount: 0 },
  { credits: 250, discount: 5 },
  { credits: 500, discount: 10 },
  { credits: 1000, discount: 15 },
  { credits: 2500, discount: 20 },
  { credits: 5000, discount: 25 },
] as const;

export type CreditPack = (typeof CREDIT_PACKS)[number];

export const CREDITS_MIN = 1;
export const CREDITS_MAX = 100_000;

export function isValidCreditAmount(credits: number): boolean {
  return Number.isInteger(credits) && credits >= CREDITS_MIN && credits <= CREDITS_MAX;
}

// Percent.
export function creditPackDiscount(credits: number): number {
  let discount = 0;
  for (const pack of CREDIT_PACKS) {
    if (credits >= pack.credits) discount = pack.discount;
  }
  return discount;
}

// Integer cents. Returns 0 for empty or negative input so a half-typed field renders a zero
// total; the request schemas reject such amounts before any money moves.
export function creditPriceCents(credits: number): number {
  if (!Number.isFinite(credits) || credits <= 0) return 0;
  // credits × 100 × (1 − d/100) = credits × (100 − d): exact for whole credits.
  return Math.round(credits * (100 - creditPackDiscount(credits)));
}

// The free bonus shown beside a pack, in cents: what the credits are worth minus what they cost.
export function creditBonus(credits: number): number {
  if (!Number.isFinite(credits) || credits <= 0) return 0;
  return Math.round(credits * 100) - creditPriceCents(credits);
}
