import { type DixonColesParams, expectedGoals } from './dixon-coles';
import type { MatchMatrices } from './market-prices';
import { type OneXTwo, oneXTwo, scoreMatrix } from './score-matrix';

export interface MatchForecast extends MatchMatrices {
  oneXTwo: OneXTwo;
}

/** The full-time and first-half score matrices of a match, and its 1X2 probabilities. */
export function forecastMatch(
  params: DixonColesParams,
  match: { home: string; away: string; division?: string },
): MatchForecast {
  const full = scoreMatrix(expectedGoals(params, match, 'full'));
  const firstHalf = scoreMatrix(expectedGoals(params, match, 'first'));
  return { full, firstHalf, oneXTwo: oneXTwo(full) };
}
