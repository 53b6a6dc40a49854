/**
 * The rating half of the model (decision 106). Dixon–Coles weighs every goal of the last seasons;
 * an Elo rating with a goal-difference multiplier (the World Football Elo's) reacts to each result
 * at once and counts a 4–0 as little more than a 2–0. The two disagree on close matches often
 * enough that an even blend of their views forecasts better than either (decision 106 has the
 * walk-forward figures), so the model's expected goals take their supremacy — log(λ/μ), which
 * alone orders home, draw and away — half from Dixon–Coles and half from Elo, and keep Dixon–Coles'
 * product λ·μ (how many goals the match will have). Every market is then priced from the blended
 * score matrix, so they all stay consistent with one another.
 */

/** Expected goals of a match (the shape of dixon-coles.ts' ExpectedGoals). */
interface Goals {
  lambda: number;
  mu: number;
  rho: number;
}

export interface EloBlend {
  /** Every team's Elo rating after the last result known at the cut-off. */
  ratings: Record<string, number>;
  /** Supremacy = intercept + slope · (Elo difference with the home bonus). */
  intercept: number;
  slope: number;
  /** Share of Dixon–Coles' supremacy in the blend (the rest is Elo's). */
  dixonColesWeight: number;
}

export const ELO_K = 20;
export const ELO_HOME_BONUS = 60;
/** A team first seen in a top division starts at 1500, one first seen below it at 1350. */
const START_TOP = 1500;
const START_LOWER = 1350;
export const DIXON_COLES_WEIGHT = 0.5;
/** The Elo-to-supremacy line is fitted on the last year's matches, and needs this many. */
const MAP_WINDOW_MS = 365 * 86_400_000;
const MIN_MAP_MATCHES = 50;

export interface RatedMatch {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  at: number;
  division?: string;
}

const startRating = (division: string | undefined) =>
  division === undefined || division.endsWith('.1') ? START_TOP : START_LOWER;

/** Elo with a goal-difference multiplier: 1 for a one-goal margin, 1.5 for two, (11 + n)/8 above. */
function marginMultiplier(homeGoals: number, awayGoals: number): number {
  const margin = Math.abs(homeGoals - awayGoals);
  return margin <= 1 ? 1 : margin === 2 ? 1.5 : (11 + margin) / 8;
}

/**
 * The ratings after `matches` (only those played by `cutoff`), in kick-off order, and each match's
 * rating difference before it was played (home bonus included).
 */
export function eloRatings(
  matches: readonly RatedMatch[],
  cutoff: number,
): { ratings: Map<string, number>; before: Map<RatedMatch, number> } {
  const ordered = matches
    .filter((m) => m.at <= cutoff)
    .sort((a, b) => a.at - b.at || a.home.localeCompare(b.home) || a.away.localeCompare(b.away));
  const ratings = new Map<string, number>();
  const before = new Map<RatedMatch, number>();
  for (const m of ordered) {
    const home = ratings.get(m.home) ?? startRating(m.division);
    const away = ratings.get(m.away) ?? startRating(m.division);
    const difference = home + ELO_HOME_BONUS - away;
    before.set(m, difference);
    const expected = 1 / (1 + 10 ** (-difference / 400));
    const scored = m.homeGoals > m.awayGoals ? 1 : m.homeGoals === m.awayGoals ? 0.5 : 0;
    const change = ELO_K * marginMultiplier(m.homeGoals, m.awayGoals) * (scored - expected);
    ratings.set(m.home, home + change);
    ratings.set(m.away, away - change);
  }
  return { ratings, before };
}

/**
 * The blend for a country fitted at `cutoff`: its Elo ratings, and the straight line that turns an
 * Elo difference into Dixon–Coles' units of supremacy (least squares over the last year's matches,
 * `supremacyOf` giving Dixon–Coles' view of each). Null when there are too few matches for the line.
 */
export function fitEloBlend(
  matches: readonly RatedMatch[],
  cutoff: number,
  supremacyOf: (match: RatedMatch) => number,
): EloBlend | null {
  const { ratings, before } = eloRatings(matches, cutoff);
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const [match, x] of before) {
    if (match.at < cutoff - MAP_WINDOW_MS) continue;
    const y = supremacyOf(match);
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const spread = n * sxx - sx * sx;
  if (n < MIN_MAP_MATCHES || spread <= 0) return null;
  const slope = (n * sxy - sx * sy) / spread;
  return {
    ratings: Object.fromEntries([...ratings].sort(([a], [b]) => a.localeCompare(b))),
    intercept: (sy - slope * sx) / n,
    slope,
    dixonColesWeight: DIXON_COLES_WEIGHT,
  };
}

/** Dixon–Coles' expected goals with the supremacy blended with Elo's (λ·μ and ρ unchanged). */
export function blendExpectedGoals<G extends Goals>(
  goals: G,
  blend: EloBlend,
  match: { home: string; away: string; division?: string },
): G {
  const home = blend.ratings[match.home] ?? startRating(match.division);
  const away = blend.ratings[match.away] ?? startRating(match.division);
  const eloSupremacy = blend.intercept + blend.slope * (home + ELO_HOME_BONUS - away);
  const w = blend.dixonColesWeight;
  const supremacy = w * Math.log(goals.lambda / goals.mu) + (1 - w) * eloSupremacy;
  const scale = Math.sqrt(goals.lambda * goals.mu);
  return { ...goals, lambda: scale * Math.exp(supremacy / 2), mu: scale * Math.exp(-supremacy / 2) };
}
