import type { TipsterCategory } from './categories';

/**
 * Promotion by the record (issue #28 part 2, decision 165). The tiers a person climbs, the bars
 * that move them, and the price each tier may ask. One definition: the daily review applies it,
 * publishing enforces the caps, and the public /tipster-tiers page states the same numbers.
 */
export const PERSON_TIERS = ['NOVICE', 'SENIOR', 'PREMIUM'] as const satisfies readonly TipsterCategory[];
export type PersonTier = (typeof PERSON_TIERS)[number];

export function isPersonTier(category: string): category is PersonTier {
  return (PERSON_TIERS as readonly string[]).includes(category);
}

/** The highest price a tip of each tier may ask, in cents (Novice: free tips only). */
export const TIER_PRICE_CAP_CENTS: Record<PersonTier, number> = {
  NOVICE: 0,
  SENIOR: 5_000,
  PREMIUM: 25_000,
};

/**
 * One bar of the record. Each criterion is optional so a new one (closing-line value, once every
 * settled tip has a closing price) is one more field here and one more entry in TIER_CRITERIA.
 */
export interface TierBar {
  /** Settled tips at least (voids included). */
  minSettledTips?: number;
  /** Days at least since the first settled tip's kick-off. */
  minDays?: number;
  /** All-time yield (profit ÷ units staked) in percent, at least. */
  minYieldPercent?: number;
  /** "1 in N by luck": a no-edge bettor does as well at most once in this many records. */
  luckOneIn?: number;
  /** The record chain (commitments and hashes) verifies as the public verifier would check it. */
  verifiedRecord?: boolean;
}

/** What the review reads of a tipster's record. */
export interface TierRecord {
  settledTips: number;
  /** Kick-off of the first settled tip; null with none. */
  firstSettledAt: Date | null;
  yieldPercent: number;
  /** Probability that a no-edge bettor does at least as well (decision 076); null with no decided bet. */
  luckProbability: number | null;
  /** Whether the chain verifies; undefined when not checked (yet). */
  verified?: boolean;
}

export const TIER_CRITERIA = ['settledTips', 'days', 'yield', 'luck', 'verified'] as const;
export type TierCriterion = (typeof TIER_CRITERIA)[number];

/** A criterion the record missed: what was needed and what the record has, for the email and the audit row. */
export interface TierShortfall {
  criterion: TierCriterion;
  required: number | boolean;
  actual: number | boolean | null;
}

/** The bar to enter a tier (from the one below). */
export const PROMOTION_BARS: Record<Exclude<PersonTier, 'NOVICE'>, Required<TierBar>> = {
  SENIOR: { minSettledTips: 30, minDays: 30, minYieldPercent: 5, luckOneIn: 5, verifiedRecord: true },
  PREMIUM: { minSettledTips: 100, minDays: 90, minYieldPercent: 5, luckOneIn: 20, verifiedRecord: true },
};

/** The bar to stay in a tier: lower than the entry bar, so one losing week does not swing a tier. */
export const KEEP_BARS: Record<Exclude<PersonTier, 'NOVICE'>, TierBar> = {
  SENIOR: { minYieldPercent: 0 },
  PREMIUM: { minYieldPercent: 2, luckOneIn: 5 },
};

export const TIER_RULES = {
  /** Days a tipster may stay below their tier's keep bar before moving down one tier. */
  demotionWindowDays: 30,
  /** A record is judged against a keep bar only from this many settled tips on. */
  minTipsToJudge: PROMOTION_BARS.SENIOR.minSettledTips,
  /** After an admin sets a tier, the rules leave it for this many days. */
  adminHoldDays: 30,
} as const;

const DAY_MS = 86_400_000;

/** Whole days from the first settled tip's kick-off to `now`. */
export function recordDays(record: TierRecord, now: Date): number {
  if (!record.firstSettledAt) return 0;
  return Math.floor((now.getTime() - record.firstSettledAt.getTime()) / DAY_MS);
}

/** The "1 in N" of a luck probability (decision 076): round(1 / p); null when no run did as well. */
export function luckOneIn(probability: number | null): number | null {
  if (probability === null) return null;
  return probability === 0 ? null : Math.round(1 / probability);
}

/**
 * The criteria of `bar` the record misses (empty: it passes). An unchecked `verified` passes here:
 * the review checks the chain only for a record that passes everything else (it costs a hash per event).
 */
export function shortfalls(record: TierRecord, bar: TierBar, now: Date): TierShortfall[] {
  const missed: TierShortfall[] = [];
  if (bar.minSettledTips !== undefined && record.settledTips < bar.minSettledTips) {
    missed.push({ criterion: 'settledTips', required: bar.minSettledTips, actual: record.settledTips });
  }
  if (bar.minDays !== undefined && recordDays(record, now) < bar.minDays) {
    missed.push({ criterion: 'days', required: bar.minDays, actual: recordDays(record, now) });
  }
  if (bar.minYieldPercent !== undefined && record.yieldPercent < bar.minYieldPercent) {
    missed.push({ criterion: 'yield', required: bar.minYieldPercent, actual: record.yieldPercent });
  }
  if (bar.luckOneIn !== undefined) {
    // p ≤ 1/N; no bet at all (null) fails, no simulated run as good (p = 0) passes any bar.
    const p = record.luckProbability;
    if (p === null || p * bar.luckOneIn > 1) {
      missed.push({ criterion: 'luck', required: bar.luckOneIn, actual: luckOneIn(p) });
    }
  }
  if (bar.verifiedRecord && record.verified === false) {
    missed.push({ criterion: 'verified', required: true, actual: false });
  }
  return missed;
}

export const TIER_ABOVE: Partial<Record<PersonTier, Exclude<PersonTier, 'NOVICE'>>> = {
  NOVICE: 'SENIOR',
  SENIOR: 'PREMIUM',
};
export const TIER_BELOW: Partial<Record<PersonTier, PersonTier>> = { SENIOR: 'NOVICE', PREMIUM: 'SENIOR' };

/** What the review does with one tipster today. */
export type TierVerdict =
  | { action: 'promote'; to: PersonTier }
  | { action: 'demote'; to: PersonTier; missed: TierShortfall[] }
  /** Below the keep bar: the window opens today (or stays open). */
  | { action: 'below'; missed: TierShortfall[] }
  /** Back above the keep bar: the window closes. */
  | { action: 'recovered' }
  | { action: 'none' };

/**
 * The rules for one tipster: promotion one tier up when the next tier's bar is met (the chain's
 * verification is the caller's, see `shortfalls`); else, in a paid tier, below the keep bar for
 * the whole window → one tier down. `belowSince`: when the record first fell below, or null.
 */
export function reviewTier(
  tier: PersonTier,
  record: TierRecord,
  belowSince: Date | null,
  now: Date,
): TierVerdict {
  const above = TIER_ABOVE[tier];
  if (above && shortfalls(record, PROMOTION_BARS[above], now).length === 0) {
    return { action: 'promote', to: above };
  }
  if (tier === 'NOVICE') return { action: 'none' };
  const missed =
    record.settledTips < TIER_RULES.minTipsToJudge ? [] : shortfalls(record, KEEP_BARS[tier], now);
  if (missed.length === 0) return belowSince ? { action: 'recovered' } : { action: 'none' };
  const since = belowSince ?? now;
  if (now.getTime() - since.getTime() >= TIER_RULES.demotionWindowDays * DAY_MS) {
    return { action: 'demote', to: TIER_BELOW[tier] as PersonTier, missed };
  }
  return { action: 'below', missed };
}

/** A price (cents) above the tier's cap is refused at publishing; AI plans are priced by their plan. */
export function priceCapCents(category: string): number | null {
  return isPersonTier(category) ? TIER_PRICE_CAP_CENTS[category] : null;
}
