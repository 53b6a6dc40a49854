import { describe, expect, it } from 'vitest';
import { aiPlanSoldWith, formatAiPlanChoices, parseAiPlanChoices } from './ai-plans';

describe('aiPlanSoldWith', () => {
  it('sells the high model’s pick as the weekly or the monthly plan, and nothing else as either', () => {
    expect(aiPlanSoldWith(3, 4)).toBe(true);
    expect(aiPlanSoldWith(3, 3)).toBe(true);
    expect(aiPlanSoldWith(4, 3)).toBe(true);
    expect(aiPlanSoldWith(3, 2)).toBe(false); // another model's plan
    expect(aiPlanSoldWith(1, 1)).toBe(false); // the free plan is not sold
    expect(aiPlanSoldWith(2, 4)).toBe(false);
    expect(aiPlanSoldWith(null, 4)).toBe(false); // a tipster's tip has no plan
    expect(aiPlanSoldWith(3, 9)).toBe(false);
  });
});

describe('plan choices as text', () => {
  it('round-trips and skips malformed parts', () => {
    const text = formatAiPlanChoices([{ tipId: 12, planId: 4 }]);
    expect(text).toBe('12:4');
    expect([...parseAiPlanChoices([text, 'x', '3:', '0:4'])]).toEqual([[12, 4]]);
  });
});
