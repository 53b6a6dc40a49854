import { isAiCategory, type TipsterCategory } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import type { BadgeTone } from '../ui/badge';

// How the contract's betting types and tipster categories (@tips/contract/rules) are shown: their
// translation keys and badge colours. Keyed by the contract's own type, so a new category fails
// the type-check here instead of drifting.

/** Translated betting-type names; an unknown code falls back to the name the API sent. */
export function useBettingTypeLabel(): (code: number, fallback?: string) => string {
  const { t } = useTranslation();
  return (code, fallback) => t(`bettingTypes.${code}`, { defaultValue: fallback ?? `#${code}` });
}

const CATEGORY_KEYS: Record<TipsterCategory, string> = {
  NOVICE: 'tipsterCategory.novice',
  SENIOR: 'tipsterCategory.senior',
  PREMIUM: 'tipsterCategory.premium',
  'AI MODEL': 'tipsterCategory.ai',
  'Low AI Model': 'tipsterCategory.aiLow',
  'Medium AI Model': 'tipsterCategory.aiMedium',
  'High AI Model': 'tipsterCategory.aiHigh',
};

export function categoryLabelKey(category: string): string {
  return CATEGORY_KEYS[category as TipsterCategory] ?? 'tipsterCategory.other';
}

export function categoryTone(category: string): BadgeTone {
  if (category === 'PREMIUM') return 'gold';
  if (category === 'SENIOR') return 'green';
  return isAiCategory(category) ? 'info' : 'neutral';
}
