import type { OneXTwo } from './score-matrix';

/**
 * Scores of 1X2 forecasts against results. RPS is the ranked probability score over the ordered
 * outcomes home, draw, away (Constantinou & Fenton 2012): ½·Σ (cumulative forecast − cumulative
 * outcome)², 0 for a certain right forecast; log loss is −ln P(what happened); Brier sums the
 * squared errors over the three outcomes. Lower is better for all three.
 */

export type Result1X2 = 'home' | 'draw' | 'away';
export const RESULTS_1X2: readonly Result1X2[] = ['home', 'draw', 'away'];

export interface ScoredForecast {
  forecast: OneXTwo;
  result: Result1X2;
}

export function resultOf(homeGoals: number, awayGoals: number): Result1X2 {
  return homeGoals > awayGoals ? 'home' : homeGoals < awayGoals ? 'away' : 'draw';
}

export function rankedProbabilityScore(f: OneXTwo, result: Result1X2): number {
  const o = RESULTS_1X2.map((r) => (r === result ? 1 : 0));
  const p = [f.home, f.draw, f.away];
  let cumP = 0;
  let cumO = 0;
  let sum = 0;
  for (let i = 0; i < 2; i++) {
    cumP += p[i];
    cumO += o[i];
    sum += (cumP - cumO) ** 2;
  }
  return sum / 2;
}

export function brierScore(f: OneXTwo, result: Result1X2): number {
  return RESULTS_1X2.reduce((s, r) => s + (f[r] - (r === result ? 1 : 0)) ** 2, 0);
}

export function logLoss(f: OneXTwo, result: Result1X2): number {
  return -Math.log(Math.max(f[result], 1e-15));
}

/** The forecast's most likely outcome (home before draw before away on a tie). */
export function predictedResult(f: OneXTwo): Result1X2 {
  if (f.home >= f.draw && f.home >= f.away) return 'home';
  return f.draw >= f.away ? 'draw' : 'away';
}

export interface CalibrationBand {
  /** Forecast probabilities in [from, to). */
  from: number;
  to: number;
  /** Outcome forecasts in the band (three per match). */
  n: number;
  meanForecast: number;
  observed: number;
}

export interface ForecastSummary {
  n: number;
  accuracy: number;
  rps: number;
  logLoss: number;
  brier: number;
  calibration: CalibrationBand[];
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

/** n, accuracy, mean RPS / log loss / Brier and a calibration table in bands of 10 points. */
export function summariseForecasts(scored: readonly ScoredForecast[]): ForecastSummary {
  const n = scored.length;
  const bands = Array.from({ length: 10 }, (_, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    n: 0,
    sumP: 0,
    hits: 0,
  }));
  let hits = 0;
  let rps = 0;
  let ll = 0;
  let brier = 0;
  for (const { forecast, result } of scored) {
    if (predictedResult(forecast) === result) hits++;
    rps += rankedProbabilityScore(forecast, result);
    ll += logLoss(forecast, result);
    brier += brierScore(forecast, result);
    for (const r of RESULTS_1X2) {
      const band = bands[Math.min(9, Math.floor(forecast[r] * 10))];
      band.n++;
      band.sumP += forecast[r];
      if (r === result) band.hits++;
    }
  }
  const mean = (x: number) => (n > 0 ? round(x / n) : 0);
  return {
    n,
    accuracy: mean(hits),
    rps: mean(rps),
    logLoss: mean(ll),
    brier: mean(brier),
    calibration: bands
      .filter((b) => b.n > 0)
      .map((b) => ({
        from: b.from,
        to: b.to,
        n: b.n,
        meanForecast: round(b.sumP / b.n),
        observed: round(b.hits / b.n),
      })),
  };
}
