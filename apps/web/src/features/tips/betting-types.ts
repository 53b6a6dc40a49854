import { useTranslation } from 'react-i18next';

// The betting-type codes of SPEC §3, mirrored from '@tips/contract/betting-types' because that
// module builds zod schemas at import time and the public pages must not ship zod.
// betting-types.test.ts fails if the two lists drift apart.
export const BETTING_TYPE_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113] as const;
export type BettingTypeCode = (typeof BETTING_TYPE_CODES)[number];

/** Translated betting-type names; an unknown code falls back to the name the API sent. */
export function useBettingTypeLabel(): (code: number, fallback?: string) => string {
  const { t } = useTranslation();
  return (code, fallback) => t(`bettingTypes.${code}`, { defaultValue: fallback ?? `#${code}` });
}
