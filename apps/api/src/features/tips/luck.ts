/**
 * "Is it luck?" (decision 076): the probability that a bettor with no edge, placing the same bets
 * at the same odds and stakes, ends with at least the tipster's profit. A no-edge bet at decimal
 * odds o wins with probability 1/o, so its expected profit is 0. A push (VOID) is the same for
 * everyone and drops out; a half outcome means half the stake pushed, so only the other half is a
 * bet. Estimated by a seeded simulation, so the same record always gets the same figure.
 */
import { mulberry32 } from '../../lib/mulberry32';

export interface LuckBet {
  oddsHundredths: number;
  /** Units at risk on the decided part: the stake, or half of it for a half win or half loss. */
  riskedHalfUnits: number;
}

export interface LuckEstimate {
  /** Runs that did at least as well as the record. */
  hits: number;
  simulations: number;
}

export const LUCK_SIMULATIONS = 10_000;
export const LUCK_SEED = 0x7e57_0076;

/**
 * `profitMilli` is the record's profit on these bets in milli-units; every sum below is an exact
 * integer of milli-units too, so "at least as well" has no rounding error.
 */
export function estimateLuck(
  bets: readonly LuckBet[],
  profitMilli: number,
  simulations = LUCK_SIMULATIONS,
  seed = LUCK_SEED,
): LuckEstimate | null {
  if (bets.length === 0) return null;
  const n = bets.length;
  const winChance = new Float64Array(n);
  const winMilli = new Float64Array(n);
  const loseMilli = new Float64Array(n);
  for (const [i, bet] of bets.entries()) {
    winChance[i] = 100 / bet.oddsHundredths;
    // Half-units × (odds − 1) in milli-units: halfUnits × 500 × (oddsH − 100) / 100.
    winMilli[i] = bet.riskedHalfUnits * 5 * (bet.oddsHundredths - 100);
    loseMilli[i] = bet.riskedHalfUnits * 500;
  }
  const random = mulberry32(seed);
  let hits = 0;
  for (let run = 0; run < simulations; run++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += random() < winChance[i] ? winMilli[i] : -loseMilli[i];
    if (total >= profitMilli) hits++;
  }
  return { hits, simulations };
}
