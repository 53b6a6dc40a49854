import { normalizeSelection } from '@tips/contract';
import { gradeOutcome, type MatchScore, type Outcome } from './grade-outcome';

/**
 * Quarter lines in their canonical spelling ('Home -0.25', 'Away +1.75', 'Over 2.75') outside
 * the published range (normalizeSelection allows −3.5…+3.5 and totals 0.5…6.5): older data may
 * carry them, and they settle by the rules bookmakers use (half win, half loss).
 */
const QUARTER_LINES: Record<number, RegExp> = {
  1: /^(Home|Away) [+-]\d{1,2}\.(25|75)$/,
  5: /^(Home|Away) [+-]\d{1,2}\.(25|75)$/,
  2: /^(Over|Under) \d{1,2}\.(25|75)$/,
  8: /^(Over|Under) \d{1,2}\.(25|75)$/,
};

/**
 * Whether a selection is spelled so that a score grades it reliably: the published formats
 * (normalizeSelection leaves it unchanged) or a canonical quarter line. Anything else (free text
 * from older data, 'home', 'Home -0.3') is settled by hand.
 */
export function isGradableSelection(bettingType: number, selection: string): boolean {
  if (normalizeSelection(bettingType, selection) === selection) return true;
  return QUARTER_LINES[bettingType]?.test(selection) ?? false;
}

/** The outcome a score implies for a tip, or null when it must be settled by hand. */
export function gradeTipOutcome(
  tip: { bettingType: number; selection: string },
  score: MatchScore,
): Outcome | null {
  if (!isGradableSelection(tip.bettingType, tip.selection)) return null;
  return gradeOutcome(tip.bettingType, tip.selection, score);
}
