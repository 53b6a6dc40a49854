import type { AiCategory } from './categories';

// AI tip plans (SPEC §1/§9). Prices are integer cents.
export const AI_PLAN_KINDS = ['daily', 'weekly', 'monthly'] as const;
export type AiPlanKind = (typeof AI_PLAN_KINDS)[number];

export interface AiPlan {
  id: number;
  name: string;
  category: Extract<AiCategory, 'Low AI Model' | 'Medium AI Model' | 'High AI Model'>;
  winRate: number;
  tips: number;
  priceCents: number;
  kind: AiPlanKind;
}

export const AI_PLANS: readonly AiPlan[] = [
  { id: 1, name: 'Free tip', category: 'Low AI Model', winRate: 53, tips: 1, priceCents: 0, kind: 'daily' },
  {
    id: 2,
    name: 'Daily tip',
    category: 'Medium AI Model',
    winRate: 75,
    tips: 1,
    priceCents: 9900,
    kind: 'daily',
  },
  {
    id: 3,
    name: 'Weekly subscription',
    category: 'High AI Model',
    winRate: 93,
    tips: 7,
    priceCents: 44900,
    kind: 'weekly',
  },
  {
    id: 4,
    name: 'Monthly subscription',
    category: 'High AI Model',
    winRate: 93,
    tips: 30,
    priceCents: 124900,
    kind: 'monthly',
  },
];

// Only three AI avatars exist (ai1..ai3.webp); later tips reuse the last one.
export function aiImageIndex(tipId: number): number {
  return Math.max(1, Math.min(tipId, 3));
}

// Relative to the API base URL (SPEC §2: users/profile-images/ai{n}.webp).
export function aiProfileImagePath(tipId: number): string {
  return `users/profile-images/ai${aiImageIndex(tipId)}.webp`;
}

/** What a tip of an AI plan says about its plan (issue #30.4): sold and shown as a plan, not a tip. */
export interface AiPlanSummary {
  id: number;
  name: string;
  kind: AiPlanKind;
  /** Picks the plan delivers in all, the one bought included. */
  picks: number;
}

export function aiPlanSummary(planId: number | null | undefined): AiPlanSummary | null {
  const plan = AI_PLANS.find((candidate) => candidate.id === planId);
  return plan ? { id: plan.id, name: plan.name, kind: plan.kind, picks: plan.tips } : null;
}

/** Each model publishes one pick a day (apps/api workers: the AI tier's daily pick). */
export const AI_PICK_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * When a plan bought at `startedAt` should deliver its last pick: the first pick is the one bought,
 * then one a day. An expectation, not a promise: a day without a match has no pick.
 */
export function aiPlanLastPickAround(startedAt: Date, picks: number): Date {
  return new Date(startedAt.getTime() + Math.max(0, picks - 1) * AI_PICK_EVERY_MS);
}

/**
 * Whether a tip published for plan `tipPlanId` may be sold as plan `planId` (decision 190): a paid
 * plan of the same model. The monthly plan has no stream of its own: it is sold with the high
 * model's current pick, which the weekly plan sells too, and its later picks are that model's.
 */
export function aiPlanSoldWith(tipPlanId: number | null, planId: number): boolean {
  const own = AI_PLANS.find((plan) => plan.id === tipPlanId);
  const chosen = AI_PLANS.find((plan) => plan.id === planId);
  return (
    own !== undefined && chosen !== undefined && chosen.priceCents > 0 && chosen.category === own.category
  );
}

/** A cart line's plan, when it is not the tip's own: `tipId:planId` in a query string or hand-off. */
export interface AiPlanChoice {
  tipId: number;
  planId: number;
}

export const AI_PLAN_CHOICE_PATTERN = /^[1-9]\d{0,15}:[1-9]\d{0,9}$/;

export function formatAiPlanChoices(choices: readonly AiPlanChoice[]): string {
  return choices.map((choice) => `${choice.tipId}:${choice.planId}`).join(',');
}

/** The pairs of `formatAiPlanChoices`, as a map from tip id to plan id; malformed parts are skipped. */
export function parseAiPlanChoices(parts: readonly string[]): Map<number, number> {
  const choices = new Map<number, number>();
  for (const part of parts) {
    if (!AI_PLAN_CHOICE_PATTERN.test(part)) continue;
    const [tipId, planId] = part.split(':').map(Number) as [number, number];
    if (Number.isSafeInteger(tipId)) choices.set(tipId, planId);
  }
  return choices;
}
