import type { BadgeTone } from '../../components/ui/badge';

// Tipster categories of SPEC §3 → translation keys and badge colours. Mirrors the contract's
// TIPSTER_CATEGORIES without importing its zod schemas.
const CATEGORY_KEYS: Record<string, string> = {
  SENIOR: 'tipsterCategory.senior',
  PREMIUM: 'tipsterCategory.premium',
  'AI MODEL': 'tipsterCategory.ai',
  'Low AI Model': 'tipsterCategory.aiLow',
  'Medium AI Model': 'tipsterCategory.aiMedium',
  'High AI Model': 'tipsterCategory.aiHigh',
};

export function categoryLabelKey(category: string): string {
  return CATEGORY_KEYS[category] ?? 'tipsterCategory.other';
}

export function isAiCategory(category: string): boolean {
  return /\bAI\b/i.test(category);
}

export function categoryTone(category: string): BadgeTone {
  if (category === 'PREMIUM') return 'gold';
  if (category === 'SENIOR') return 'green';
  return isAiCategory(category) ? 'info' : 'neutral';
}
