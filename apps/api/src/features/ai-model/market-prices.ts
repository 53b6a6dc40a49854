import { formatLine, LINE_MARKETS } from '@tips/contract/rules';
import { fairOdds, type OutcomeProbabilities } from '../../db/seed/fair-odds';
import { gradeOutcome, type Outcome } from '../tips/settlement/grading/grade-outcome';
import type { ScoreMatrix } from './score-matrix';

/**
 * Every selection the site sells, priced from the score matrices: the probability of each
 * outcome is the sum over the scores that the settlement's own rules (gradeOutcome) grade so, which
 * gives quarter lines their half wins and half losses, whole lines their pushes, draw no bet its
 * refund, and the European handicap its three ways without a formula per market. The grading of
 * each (selection, score) is computed once and kept, so pricing a match is a few sums.
 */

export const HALF_TIME_TYPES: ReadonlySet<number> = new Set([5, 6, 7, 8]);
const CORRECT_SCORE_MAX = 6;
const HT_CORRECT_SCORE_MAX = 4;

export interface MarketSelection {
  bettingType: number;
  selection: string;
}

export interface PricedSelection extends MarketSelection {
  probabilities: OutcomeProbabilities;
  /** P(the tip counts as a hit): (WIN + HALF_WIN) / (1 − VOID), as the site's hit rate counts it. */
  hitProbability: number;
  /** Fair decimal odds (zero expected profit for a unit stake); null when it cannot lose or win. */
  fairOdds: number | null;
}

export interface MatchMatrices {
  full: ScoreMatrix;
  firstHalf: ScoreMatrix;
}

function scores(max: number): string[] {
  const out: string[] = [];
  for (let x = 0; x <= max; x++) for (let y = 0; y <= max; y++) out.push(`${x}-${y}`);
  return out;
}

/** The canonical selections of a betting type (the spellings publishing accepts). */
export function selectionsOf(bettingType: number): string[] {
  const line = LINE_MARKETS[bettingType];
  if (line)
    return line.sides.flatMap((side) => line.lines.map((l) => `${side} ${formatLine(bettingType, l)}`));
  switch (bettingType) {
    case 3:
    case 6:
      return ['Home', 'Draw', 'Away'];
    case 4:
      return scores(CORRECT_SCORE_MAX);
    case 7:
      return scores(HT_CORRECT_SCORE_MAX);
    case 15:
      return ['Odd', 'Even'];
    case 113:
      return ['Home', 'Away'];
    default:
      return [];
  }
}

export const ALL_BETTING_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113] as const;

const gradings = new Map<string, Array<Outcome | null>[]>();

/** gradeOutcome for every score of the matrix, memoised per selection. */
function gradingOf(bettingType: number, selection: string, size: number): Array<Outcome | null>[] {
  const key = `${bettingType}|${selection}|${size}`;
  let table = gradings.get(key);
  if (!table) {
    table = [];
    for (let x = 0; x < size; x++) {
      const row: Array<Outcome | null> = [];
      // A half-time type grades the half's score; the matrix is the half's, so it stands for both.
      for (let y = 0; y < size; y++)
        row.push(gradeOutcome(bettingType, selection, { home: x, away: y, htHome: x, htAway: y }));
      table.push(row);
    }
    gradings.set(key, table);
  }
  return table;
}

/** P(outcome) of one selection over a matrix. */
export function outcomeProbabilitiesOf(
  bettingType: number,
  selection: string,
  matrix: ScoreMatrix,
): OutcomeProbabilities {
  const p: OutcomeProbabilities = { WIN: 0, HALF_WIN: 0, VOID: 0, HALF_LOSS: 0, LOSS: 0 };
  const table = gradingOf(bettingType, selection, matrix.length);
  for (const [x, row] of matrix.entries()) {
    for (const [y, q] of row.entries()) {
      const outcome = table[x][y];
      if (outcome) p[outcome] += q;
    }
  }
  return p;
}

export function priceSelection(
  bettingType: number,
  selection: string,
  matrices: MatchMatrices,
): PricedSelection {
  const matrix = HALF_TIME_TYPES.has(bettingType) ? matrices.firstHalf : matrices.full;
  const probabilities = outcomeProbabilitiesOf(bettingType, selection, matrix);
  const decided = 1 - probabilities.VOID;
  return {
    bettingType,
    selection,
    probabilities,
    hitProbability: decided > 1e-12 ? (probabilities.WIN + probabilities.HALF_WIN) / decided : 0,
    fairOdds: fairOdds(probabilities),
  };
}

/** Every selection of the given betting types, priced. */
export function priceMarkets(
  matrices: MatchMatrices,
  bettingTypes: readonly number[] = ALL_BETTING_TYPES,
): PricedSelection[] {
  return bettingTypes.flatMap((type) => selectionsOf(type).map((s) => priceSelection(type, s, matrices)));
}
