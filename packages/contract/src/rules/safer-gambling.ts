// Safer-gambling tools (issue #20 point 2, decision 087): the ranges and the one rule for when a
// new spending limit takes effect. Shared by the API (enforcement) and the web (forms, copy).

export const SPENDING_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type SpendingPeriod = (typeof SPENDING_PERIODS)[number];

/** Rolling windows: the last 24 hours, 7 days and 30 days before a purchase. */
export const SPENDING_PERIOD_MS: Record<SpendingPeriod, number> = {
  DAY: 24 * 3600_000,
  WEEK: 7 * 24 * 3600_000,
  MONTH: 30 * 24 * 3600_000,
};

/** A higher limit (or none) applies only after this cool-off; a lower one at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3600_000;
/** The largest limit accepted: $100,000 per period, in cents. */
export const MAX_SPENDING_LIMIT_CENTS = 10_000_000;

export const TIME_OUT_MIN_HOURS = 24;
export const TIME_OUT_MAX_HOURS = 6 * 7 * 24;
export const SELF_EXCLUSION_MIN_MONTHS = 6;
export const SELF_EXCLUSION_MAX_MONTHS = 60;

export const SAFER_GAMBLING_MESSAGES = {
  limitInvalid: 'A spending limit is an amount from 1 to 100000 with at most 2 decimals, or none.',
  timeOutInvalid: `A time-out lasts from ${TIME_OUT_MIN_HOURS} hours to 6 weeks.`,
  selfExclusionInvalid: `A self-exclusion lasts from ${SELF_EXCLUSION_MIN_MONTHS} months to 5 years.`,
  blockCannotShorten:
    'An active time-out or self-exclusion cannot be shortened or replaced by a shorter one.',
  timedOut: (until: string) => `You are taking a time-out until ${until}. Purchases are paused until then.`,
  selfExcluded: (until: string) =>
    `You have excluded yourself until ${until}. Purchases are not possible until then.`,
  limitReached: (period: SpendingPeriod, limit: string, spent: string) =>
    `This purchase would go past your ${PERIOD_WORDS[period]} spending limit of ${limit} (already deposited or reserved: ${spent}).`,
  passwordWrong: 'The password is not correct.',
} as const;

const PERIOD_WORDS: Record<SpendingPeriod, string> = { DAY: 'daily', WEEK: 'weekly', MONTH: 'monthly' };

export interface StoredLimit {
  limitCents: number | null;
  pendingLimitCents: number | null;
  pendingFrom: Date | null;
}

/** The limit in force at `now` (null: none). */
export function effectiveLimit(stored: StoredLimit, now: Date): number | null {
  if (stored.pendingFrom !== null && stored.pendingFrom.getTime() <= now.getTime()) {
    return stored.pendingLimitCents;
  }
  return stored.limitCents;
}

/**
 * What to store when the user asks for `wanted` (null: no limit) at `now`: a cut (or an equal
 * value) applies at once and cancels any pending raise; a raise waits LIMIT_RAISE_DELAY_MS.
 */
export function nextLimit(stored: StoredLimit, wanted: number | null, now: Date): StoredLimit {
  const current = effectiveLimit(stored, now);
  const isCut = wanted !== null && (current === null || wanted <= current);
  if (isCut) return { limitCents: wanted, pendingLimitCents: null, pendingFrom: null };
  if (wanted === current) return { limitCents: current, pendingLimitCents: null, pendingFrom: null };
  return {
    limitCents: current,
    pendingLimitCents: wanted,
    pendingFrom: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

/** Adds calendar months (a self-exclusion of 6 months ends on the same day 6 months later). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
