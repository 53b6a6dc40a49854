import { AI_PLANS, aiProfileImagePath } from '@tips/contract/rules';
import { describe, expect, it } from 'vitest';
import { AI_PLAN_DETAILS, aiImageUrl, canSubscribe } from './ai-plans';

describe('AI plans on the web', () => {
  it('match the contract: ids, win rates, tips and prices', () => {
    expect(AI_PLAN_DETAILS.map(({ id, winRate, tips, price }) => ({ id, winRate, tips, price }))).toEqual(
      AI_PLANS.map((plan) => ({
        id: plan.id,
        winRate: plan.winRate,
        tips: plan.tips,
        price: plan.priceCents / 100,
      })),
    );
  });

  it('use ai{n}.webp with n capped at 3, like the contract', () => {
    for (const id of [1, 2, 3, 4, 9]) expect(aiImageUrl(id)).toBe(`/api/${aiProfileImagePath(id)}`);
  });

  it('offer SUBSCRIBE only above id 1', () => {
    expect([1, 2, 3, 4].map(canSubscribe)).toEqual([false, true, true, true]);
  });
});
