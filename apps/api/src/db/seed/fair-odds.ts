import {
  gradeOutcome,
  type MatchScore,
  type Outcome,
} from '../../features/tips/settlement/grading/grade-outcome';

/**
 * The demo's odds, computed rather than invented (decision 063). A selection's odds come from the
 * empirical score distribution of its competition's matches whose results were known before the
 * tip was published (the imported history and the replayed past; the seed pools every competition's
 * results for a competition with fewer than MIN_SAMPLE of them):
 *
 * 1. P(outcome) for WIN, HALF_WIN, VOID, HALF_LOSS, LOSS: the share of those matches whose score
 *    grades the selection so (gradeOutcome, the settlement's own rules); matches it cannot grade
 *    (a half-time market without a half-time score) are left out.
 * 2. Fair decimal odds o make the expected profit of a unit stake zero:
 *      (o − 1)·(P_WIN + P_HALF_WIN/2) = P_LOSS + P_HALF_LOSS/2
 *      o = 1 + (P_LOSS + P_HALF_LOSS/2) / (P_WIN + P_HALF_WIN/2)
 *    (a void returns the stake and counts for nothing).
 * 3. The offered odds carry a bookmaker-like margin: o × 0.95, rounded to hundredths, and never
 *    below 1.02 (the schema requires more than 1.01).
 *
 * A selection is degenerate, and not offered, when it never wins or never loses in the sample, or
 * the sample has fewer than MIN_SAMPLE gradable matches.
 */

export const ODDS_MARGIN = 0.95;
export const MIN_ODDS_HUNDREDTHS = 102;
export const MIN_SAMPLE = 100;

/** A score with how many matches of the sample ended so. */
export interface WeightedScore {
  score: MatchScore;
  weight: number;
}

export type OutcomeProbabilities = Record<Outcome, number>;

/** The probability of each outcome of the selection over the distribution, or null without a sample. */
export function outcomeProbabilities(
  bettingType: number,
  selection: string,
  distribution: readonly WeightedScore[],
): { probabilities: OutcomeProbabilities; sample: number } | null {
  const totals: OutcomeProbabilities = { WIN: 0, HALF_WIN: 0, VOID: 0, HALF_LOSS: 0, LOSS: 0 };
  let sample = 0;
  for (const { score, weight } of distribution) {
    const outcome = gradeOutcome(bettingType, selection, score);
    if (!outcome) continue;
    totals[outcome] += weight;
    sample += weight;
  }
  if (sample === 0) return null;
  for (const key of Object.keys(totals) as Outcome[]) totals[key] /= sample;
  return { probabilities: totals, sample };
}

/** o = 1 + (P_LOSS + P_HALF_LOSS/2) / (P_WIN + P_HALF_WIN/2); null when it never wins or never loses. */
export function fairOdds(p: OutcomeProbabilities): number | null {
  const winning = p.WIN + p.HALF_WIN / 2;
  const losing = p.LOSS + p.HALF_LOSS / 2;
  if (winning <= 0 || losing <= 0) return null;
  return 1 + losing / winning;
}

/** The offered odds in hundredths: fair odds × ODDS_MARGIN, rounded, at least MIN_ODDS_HUNDREDTHS. */
export function offeredOddsHundredths(fair: number): number {
  return Math.max(MIN_ODDS_HUNDREDTHS, Math.round(fair * ODDS_MARGIN * 100));
}

/** The selection's offered odds (hundredths) over the distribution, or null when degenerate. */
export function oddsForSelection(
  bettingType: number,
  selection: string,
  distribution: readonly WeightedScore[],
): number | null {
  const measured = outcomeProbabilities(bettingType, selection, distribution);
  if (!measured || measured.sample < MIN_SAMPLE) return null;
  const fair = fairOdds(measured.probabilities);
  return fair === null ? null : offeredOddsHundredths(fair);
}
