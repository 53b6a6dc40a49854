/**
 * "Is it luck?" (decision 076): the probability that a bettor with no edge, placing the same bets
 * at the same odds and stakes, ends with at least the tipster's profit. A no-edge bet wins with
 * the market's margin-free probability at the tip's reference price (decision 150), or 1/o for a
 * tip without one (odds o not verified), whose expected profit is then 0. A push (VOID) is the same for
 * everyone and drops out; a half outcome means half the stake pushed, so only the other half is a
 * bet. Estimated by a seeded simulation, so the same record always gets the same figure.
 */
export interface LuckBet {
  oddsHundredths: number;
  /**
   * The no-edge bettor's chance to win this bet, in millionths: the margin-free probability at the
   * tip's reference price where it has one (decision 150), else 1/odds.
   */
  winPpm?: number | null;
  /** Units at risk on the decided part: the stake, or half of it for a half win or half loss. */
  riskedHalfUnits: number;
}

export interface LuckEstimate {
  /** Runs that did at least as well as the record. */
  hits: number;
  simulations: number;
}

export const LUCK_SIMULATIONS = 10_000;
/** Draws per estimate at most: long records get fewer runs (never under 2,000), see decision 076. */
export const LUCK_MAX_DRAWS = 2_000_000;
const LUCK_MIN_SIMULATIONS = 2_000;

/** 10,000 runs up to 200 decided bets, then fewer, so a settlement's estimate stays bounded. */
export function luckSimulationsFor(bets: number): number {
  return Math.max(
    LUCK_MIN_SIMULATIONS,
    Math.min(LUCK_SIMULATIONS, Math.floor(LUCK_MAX_DRAWS / Math.max(1, bets))),
  );
}
export const LUCK_SEED = 0x7e57_0076;

/**
 * `profitMilli` is the record's profit on these bets in milli-units; every sum below is an exact
 * integer of milli-units too, so "at least as well" has no rounding error.
 */
export function estimateLuck(
  bets: readonly LuckBet[],
  profitMilli: number,
  simulations = luckSimulationsFor(bets.length),
  seed = LUCK_SEED,
): LuckEstimate | null {
  if (bets.length === 0) return null;
  const n = bets.length;
  const winChance = new Float64Array(n);
  const winMilli = new Float64Array(n);
  const loseMilli = new Float64Array(n);
  for (const [i, bet] of bets.entries()) {
    winChance[i] = bet.winPpm ? bet.winPpm / 1_000_000 : 100 / bet.oddsHundredths;
    // Half-units × (odds − 1) in milli-units: halfUnits × 500 × (oddsH − 100) / 100.
    winMilli[i] = bet.riskedHalfUnits * 5 * (bet.oddsHundredths - 100);
    loseMilli[i] = bet.riskedHalfUnits * 500;
  }
  // mulberry32 (lib/mulberry32.ts) inlined: this loop runs simulations × bets times inside a
  // settlement transaction, and a call per draw made it about three times slower.
  let state = seed >>> 0;
  let hits = 0;
  for (let run = 0; run < simulations; run++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) | 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const draw = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
      total += draw < winChance[i] ? winMilli[i] : -loseMilli[i];
    }
    if (total >= profitMilli) hits++;
  }
  return { hits, simulations };
}
