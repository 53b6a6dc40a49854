/**
 * Closing-line value (decision 155): the odds a tip was taken at against the fair closing odds,
 * the last price before kick-off with its bookmaker's margin removed by the proportional
 * (multiplicative) method. Integers only, so the API that stores it and the verifier that
 * recomputes it from the record agree to the last digit.
 *
 * - overround (parts per million): the bookmaker's implied probabilities of the whole market
 *   summed, Σ 1/oddsᵢ · 10⁶ rounded; never below 10⁶ (an incomplete market, one side missing,
 *   has nothing to remove: the closing odds count as fair).
 * - fair closing odds = closing odds × overround (each outcome's implied probability divided by
 *   the overround, so the fair probabilities add up to 1).
 * - CLV (parts per million) = round(taken ÷ fair closing odds · 10⁶) − 10⁶; 34 000 = +3.4 %.
 */

export const PPM = 1_000_000;

/** Σ 1/oddsᵢ in parts per million (odds in hundredths), at least 10⁶. */
export function overroundPpm(marketOddsHundredths: readonly number[]): number {
  const valid = marketOddsHundredths.filter((odds) => Number.isInteger(odds) && odds > 100);
  if (valid.length === 0) return PPM;
  // Σ 100 / oddsᵢ · 10⁶, summed in floating point then rounded: the stored figure is the integer.
  const sum = valid.reduce((acc, odds) => acc + (100 * PPM) / odds, 0);
  return Math.max(PPM, Math.round(sum));
}

/** round(a ÷ b) for positive BigInts, halves up. */
const divRound = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/**
 * CLV in parts per million of a tip taken at `takenHundredths` against `closingHundredths` whose
 * market's overround is `overround` (ppm): round(taken · 10¹² ÷ (closing · overround)) − 10⁶.
 */
export function clvPpm(takenHundredths: number, closingHundredths: number, overround: number): number {
  const quotient = divRound(
    BigInt(takenHundredths) * 1_000_000_000_000n,
    BigInt(closingHundredths) * BigInt(overround),
  );
  return Number(quotient) - PPM;
}

/** The fair closing odds (decimal) of a closing price and its market's overround. */
export const fairClosingOdds = (closingHundredths: number, overround: number): number =>
  (closingHundredths / 100) * (overround / PPM);
