export const TIPSTER_CATEGORIES = [
  // The trial tier (SPEC: "Junior, Novice/Senior and Premium"): a tipster who applied from the
  // dashboard, publishing free tips only (decision 140). Listed under the free/other tips.
  'NOVICE',
  'SENIOR',
  'PREMIUM',
  'AI MODEL',
  'Low AI Model',
  'Medium AI Model',
  'High AI Model',
] as const;
export type TipsterCategory = (typeof TIPSTER_CATEGORIES)[number];

export const AI_CATEGORIES = ['AI MODEL', 'Low AI Model', 'Medium AI Model', 'High AI Model'] as const;
export type AiCategory = (typeof AI_CATEGORIES)[number];

/** The tier a member joins in when applying to become a tipster (decision 140). */
export const TRIAL_CATEGORY = 'NOVICE' satisfies TipsterCategory;

/** Trial tipsters publish free tips only (decision 140). */
export function publishesFreeTipsOnly(category: string): boolean {
  return category === TRIAL_CATEGORY;
}

export function isAiCategory(category: string): category is AiCategory {
  return (AI_CATEGORIES as readonly string[]).includes(category);
}

// Values of the `category` query parameter and of the :category? route segment.
// '', 'all' and 'other' (free/all on the today-tips page) all mean "no category filter".
export const TIP_CATEGORY_FILTERS = ['', 'all', 'senior', 'premium', 'other'] as const;
export type TipCategoryFilter = (typeof TIP_CATEGORY_FILTERS)[number];

export function categoryFilterToTipsterCategory(filter: TipCategoryFilter): 'SENIOR' | 'PREMIUM' | null {
  if (filter === 'senior') return 'SENIOR';
  if (filter === 'premium') return 'PREMIUM';
  return null;
}

// Lenient reading of a route segment: anything unknown falls back to "all" instead of failing.
// Same reading as TipCategoryFilterSchema (trimmed, lower-cased), without zod.
export function toCategoryFilter(value: unknown): TipCategoryFilter {
  const text =
    typeof (value ?? '') === 'string'
      ? String(value ?? '')
          .trim()
          .toLowerCase()
      : null;
  return (TIP_CATEGORY_FILTERS as readonly (string | null)[]).includes(text)
    ? (text as TipCategoryFilter)
    : '';
}
