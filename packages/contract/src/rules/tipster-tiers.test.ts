import { describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from './backoffice';
import { formatDollars } from './money';
import {
  KEEP_BARS,
  PROMOTION_BARS,
  reviewTier,
  TIER_PRICE_CAP_CENTS,
  TIER_RULES,
  type TierRecord,
} from './tipster-tiers';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

const record = (overrides: Partial<TierRecord> = {}): TierRecord => ({
  settledTips: 40,
  firstSettledAt: daysAgo(45),
  yieldPercent: 12,
  luckProbability: 0.05,
  ...overrides,
});

describe('reviewTier', () => {
  it('promotes a Novice whose record passes every criterion of the Senior bar', () => {
    expect(reviewTier('NOVICE', record(), null, NOW)).toEqual({ action: 'promote', to: 'SENIOR' });
  });

  it.each([
    ['too few settled tips', { settledTips: PROMOTION_BARS.SENIOR.minSettledTips - 1 }],
    ['too short a period', { firstSettledAt: daysAgo(PROMOTION_BARS.SENIOR.minDays - 1) }],
    ['too low a yield', { yieldPercent: PROMOTION_BARS.SENIOR.minYieldPercent - 0.01 }],
    ['too likely by luck', { luckProbability: 1 / PROMOTION_BARS.SENIOR.luckOneIn + 0.001 }],
    ['no decided bet', { luckProbability: null }],
    ['a chain that does not verify', { verified: false }],
  ])('keeps a Novice with %s', (_, overrides) => {
    expect(reviewTier('NOVICE', record(overrides), null, NOW)).toEqual({ action: 'none' });
  });

  it('opens the window below the keep bar, and moves down one tier once it has run', () => {
    const losing = record({ yieldPercent: -1 });
    expect(reviewTier('SENIOR', losing, null, NOW)).toMatchObject({ action: 'below' });
    const opened = new Date(NOW.getTime() - (TIER_RULES.demotionWindowDays * DAY - 1));
    expect(reviewTier('SENIOR', losing, opened, NOW)).toMatchObject({ action: 'below' });
    const ran = daysAgo(TIER_RULES.demotionWindowDays);
    expect(reviewTier('SENIOR', losing, ran, NOW)).toEqual({
      action: 'demote',
      to: 'NOVICE',
      missed: [{ criterion: 'yield', required: KEEP_BARS.SENIOR.minYieldPercent, actual: -1 }],
    });
    expect(reviewTier('PREMIUM', record({ yieldPercent: 1 }), ran, NOW)).toMatchObject({
      action: 'demote',
      to: 'SENIOR',
    });
  });

  it('does not judge a paid tier on fewer tips than the Senior bar asks, and closes the window on recovery', () => {
    expect(reviewTier('SENIOR', record({ settledTips: 5, yieldPercent: -50 }), null, NOW)).toEqual({
      action: 'none',
    });
    expect(reviewTier('SENIOR', record(), daysAgo(3), NOW)).toEqual({ action: 'recovered' });
  });

  it('promotes a Senior to Premium only on the stricter bar', () => {
    const strong = record({ settledTips: 120, firstSettledAt: daysAgo(100), luckProbability: 0.01 });
    expect(reviewTier('SENIOR', strong, null, NOW)).toEqual({ action: 'promote', to: 'PREMIUM' });
    expect(reviewTier('SENIOR', { ...strong, luckProbability: 0.1 }, null, NOW)).toEqual({ action: 'none' });
  });
});

describe('price caps', () => {
  it('the 422 messages state the caps the rules enforce', () => {
    expect(TIER_PRICE_CAP_CENTS.NOVICE).toBe(0);
    expect(BACKOFFICE_MESSAGES.seniorPriceCap).toContain(
      formatDollars(TIER_PRICE_CAP_CENTS.SENIOR).replace('.00', ''),
    );
    expect(BACKOFFICE_MESSAGES.premiumPriceCap).toContain(
      formatDollars(TIER_PRICE_CAP_CENTS.PREMIUM).replace('.00', ''),
    );
  });
});
