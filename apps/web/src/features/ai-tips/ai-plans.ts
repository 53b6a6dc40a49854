// SPEC §1/§9 AI plans, mirrored from the contract's AI_PLANS (which lives beside zod schemas);
// ai-plans.test.ts fails if they drift apart. Prices in dollars.
export type AiPlanKind = 'free' | 'daily' | 'weekly' | 'monthly';
export type AiModel = 'low' | 'medium' | 'high';

export interface AiPlanDetails {
  id: number;
  kind: AiPlanKind;
  model: AiModel;
  winRate: number;
  tips: number;
  price: number;
}

export const AI_PLAN_DETAILS: readonly AiPlanDetails[] = [
  { id: 1, kind: 'free', model: 'low', winRate: 53, tips: 1, price: 0 },
  { id: 2, kind: 'daily', model: 'medium', winRate: 75, tips: 1, price: 99 },
  { id: 3, kind: 'weekly', model: 'high', winRate: 93, tips: 7, price: 449 },
  { id: 4, kind: 'monthly', model: 'high', winRate: 93, tips: 30, price: 1249 },
];

/** SPEC §2: the AI tipster's picture is ai{n}.webp with n the tip id capped at 3. */
export function aiImageUrl(id: number): string {
  return `/api/users/profile-images/ai${Math.max(1, Math.min(id, 3))}.webp`;
}

/** SPEC §2: SUBSCRIBE (and the pay button) only for ids above 1; the first plan is free. */
export function canSubscribe(id: number): boolean {
  return id > 1;
}
