import type { OutcomeProbabilities } from '../../db/seed/fair-odds';
import { gradeOutcome, type MatchScore } from '../tips/settlement/grading/grade-outcome';
import { type MatchMatrices, type PricedSelection, priceMarkets } from './market-prices';

/**
 * The AI tiers are one model held to three confidence thresholds (decision 071). For a match, a
 * tier's candidate is the selection with the highest fair odds among those whose hit probability
 * reaches the tier's threshold (the most valuable pick it is that sure of); each day a tier
 * publishes the candidate with the highest odds among that day's matches. The thresholds are
 * chosen from the walk-forward backtest so that the measured hit rate of exactly this rule is as
 * close as the data allows to the plan's advertised rate.
 */

/** Markets the AI picks from: full-time lines, 1X2 and draw no bet (no correct scores: never that sure). */
export const AI_PICK_TYPES = [1, 2, 3, 14, 113] as const;
/** Fair odds below this are not worth selling (publishing needs odds above 1.01). */
export const MIN_PICK_ODDS = 1.03;

export type TierName = 'low' | 'medium' | 'high';
export const TIER_CATEGORIES: Record<TierName, 'Low AI Model' | 'Medium AI Model' | 'High AI Model'> = {
  low: 'Low AI Model',
  medium: 'Medium AI Model',
  high: 'High AI Model',
};

/** A match's sellable selections, highest odds first. */
export function pickCandidates(matrices: MatchMatrices): PricedSelection[] {
  return priceMarkets(matrices, AI_PICK_TYPES)
    .filter(
      (s): s is PricedSelection & { fairOdds: number } => s.fairOdds !== null && s.fairOdds >= MIN_PICK_ODDS,
    )
    .sort(
      (a, b) => (b.fairOdds as number) - (a.fairOdds as number) || a.selection.localeCompare(b.selection),
    );
}

/** The candidate a tier with this threshold takes on a match, or null. */
export function tierPick<T extends { hitProbability: number }>(
  candidates: readonly T[],
  threshold: number,
): T | null {
  return candidates.find((c) => c.hitProbability >= threshold) ?? null;
}

/** Whether a pick hit (WIN / HALF_WIN), missed (LOSS / HALF_LOSS) or was void on a score. */
export function pickResult(
  bettingType: number,
  selection: string,
  score: MatchScore,
): 'hit' | 'miss' | 'void' | null {
  const outcome = gradeOutcome(bettingType, selection, score);
  if (outcome === null) return null;
  if (outcome === 'WIN' || outcome === 'HALF_WIN') return 'hit';
  if (outcome === 'VOID') return 'void';
  return 'miss';
}

/** One backtest match's candidates with what each did (for choosing thresholds). */
export interface GradedCandidate {
  hitProbability: number;
  fairOdds: number;
  result: 'hit' | 'miss' | 'void';
}

export interface GradedMatch {
  /** UTC day of kick-off, 'YYYY-MM-DD' (a tier publishes one pick a day). */
  day: string;
  candidates: GradedCandidate[];
}

export function gradeCandidates(
  candidates: readonly PricedSelection[],
  score: MatchScore,
): GradedCandidate[] {
  return candidates.flatMap((c) => {
    const result = pickResult(c.bettingType, c.selection, score);
    return result === null || c.fairOdds === null
      ? []
      : [{ hitProbability: c.hitProbability, fairOdds: c.fairOdds, result }];
  });
}

export interface TierRecord {
  threshold: number;
  picks: number;
  hits: number;
  misses: number;
  voids: number;
  /** hits / (hits + misses), as the site counts a tipster's hit rate; null without a decided pick. */
  hitRate: number | null;
  averageOdds: number | null;
}

/** What the daily rule at this threshold would have published over the graded matches. */
export function simulateTier(matches: readonly GradedMatch[], threshold: number): TierRecord {
  const bestOfDay = new Map<string, GradedCandidate>();
  for (const m of matches) {
    const pick = tierPick(m.candidates, threshold);
    if (!pick) continue;
    const best = bestOfDay.get(m.day);
    if (!best || pick.fairOdds > best.fairOdds) bestOfDay.set(m.day, pick);
  }
  let hits = 0;
  let misses = 0;
  let voids = 0;
  let odds = 0;
  for (const p of bestOfDay.values()) {
    if (p.result === 'hit') hits++;
    else if (p.result === 'miss') misses++;
    else voids++;
    odds += p.fairOdds;
  }
  const picks = bestOfDay.size;
  return {
    threshold,
    picks,
    hits,
    misses,
    voids,
    hitRate: hits + misses > 0 ? hits / (hits + misses) : null,
    averageOdds: picks > 0 ? odds / picks : null,
  };
}

/** Thresholds tried: 0.50 to 0.97 by hundredths. */
export const THRESHOLD_GRID = Array.from({ length: 48 }, (_, i) => Number((0.5 + i / 100).toFixed(2)));
/** A threshold needs this many decided picks in the backtest to be chosen. */
export const MIN_TIER_SAMPLE = 30;

/** The threshold whose measured hit rate is closest to the target (ties: the larger sample). */
export function chooseThreshold(matches: readonly GradedMatch[], targetRate: number): TierRecord | null {
  let best: TierRecord | null = null;
  for (const t of THRESHOLD_GRID) {
    const record = simulateTier(matches, t);
    if (record.hitRate === null || record.hits + record.misses < MIN_TIER_SAMPLE) continue;
    const gap = Math.abs(record.hitRate - targetRate);
    const bestGap = best?.hitRate == null ? Number.POSITIVE_INFINITY : Math.abs(best.hitRate - targetRate);
    if (
      gap < bestGap - 1e-9 ||
      (Math.abs(gap - bestGap) <= 1e-9 && best !== null && record.picks > best.picks)
    )
      best = record;
  }
  return best;
}

export type { OutcomeProbabilities };
