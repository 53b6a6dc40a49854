import { AI_PLANS, type AiPlan } from '@tips/contract/rules';

/** Which copy names a plan (`aiTipsPage.plans.<kind>`): the free plan has its own. */
export type AiPlanCopyKind = 'free' | AiPlan['kind'];

export function aiPlanCopyKind(plan: AiPlan): AiPlanCopyKind {
  return plan.priceCents === 0 ? 'free' : plan.kind;
}

/** The contract's plan of an AI card (the card's id is its plan's id), or undefined. */
export function aiPlanOfCard(planId: number): AiPlan | undefined {
  return AI_PLANS.find((plan) => plan.id === planId);
}
