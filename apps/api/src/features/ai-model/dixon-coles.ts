/**
 * Dixon–Coles (1997) on a country's results, all its divisions pooled so that promoted and
 * relegated teams keep one rating. Decision 070 explains the choices; in short:
 *
 *   home goals ~ λ = cHome · attack[home] · defence[away]
 *   away goals ~ μ = cAway · attack[away] · defence[home]
 *   P(x, y) = τ(x, y; λ, μ, ρ) · Poisson(x; λ) · Poisson(y; μ)
 *
 * Each match is weighted by exp(−ξ · age in days), the age measured with breaks longer than
 * MAX_GAP_DAYS counted as MAX_GAP_DAYS (a summer break, or the demo's jump from real dates to the
 * replay, does not erase what was learnt before it).
 *
 * The optimiser is the classic iterative-proportional-fitting of Poisson ratings (Maher 1982): each
 * attack is set to the goals it scored over the goals the current ratings expect of it, each
 * defence likewise, then the home and away scales; every step raises the weighted Poisson
 * likelihood, and 40 sweeps converge to 1e-6 on real leagues. A Gamma prior (PRIOR_GOALS pseudo
 * goals at rating 1) shrinks teams with few matches towards the average, which keeps a newly
 * promoted team sane. ρ, the low-score correction, is then a one-dimensional maximisation of the
 * weighted likelihood with the ratings fixed (golden-section search within the range where every
 * τ stays positive). Everything is deterministic: same matches in, same numbers out.
 *
 * The fit also carries an Elo blend (elo-blend.ts, decision 106): the expected goals take half their
 * supremacy from Elo ratings of the same results. `eloBlend: false` gives pure Dixon–Coles.
 */
import { blendExpectedGoals, type EloBlend, fitEloBlend } from './elo-blend';

export interface ModelMatch {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  htHome: number | null;
  htAway: number | null;
  /** Kick-off, epoch milliseconds. */
  at: number;
  /** The division (competition code): each has its own home and away goal scales. */
  division?: string;
}

export interface FitOptions {
  /** ξ per day: 0.0019 halves a match's weight in a year. */
  xiPerDay: number;
  /** Matches older than this (in weighted-age days) are left out. */
  maxAgeDays: number;
  /** Pseudo goals at rating 1 (0 = plain maximum likelihood). */
  priorGoals: number;
  /** Fit ρ (Dixon–Coles) or keep it 0 (independent Poisson). */
  lowScoreCorrection: boolean;
  /** Blend the supremacy with Elo ratings of the same results (decision 106). */
  eloBlend: boolean;
  sweeps: number;
}

export const DEFAULT_FIT_OPTIONS: FitOptions = {
  // Chosen on the 2018-19 to 2020-21 seasons (decision 106): ξ = 0.0025 halves a weight in 277 days.
  xiPerDay: 0.0025,
  maxAgeDays: 4 * 365,
  priorGoals: 1,
  lowScoreCorrection: true,
  eloBlend: true,
  sweeps: 40,
};

/** Breaks longer than this count as this long in a match's age. */
export const MAX_GAP_DAYS = 90;
const DAY_MS = 86_400_000;

export interface TeamRating {
  attack: number;
  defence: number;
}

export interface DixonColesParams {
  /** Goal scales of the whole country, and per division (used when the match's division is known). */
  cHome: number;
  cAway: number;
  divisions: Record<string, { cHome: number; cAway: number }>;
  rho: number;
  /** Half-time goals as a share of full-time goals (home, away), and the half's own ρ. */
  htShareHome: number;
  htShareAway: number;
  htRho: number;
  teams: Record<string, TeamRating>;
  /** The Elo half of the supremacy (absent: pure Dixon–Coles, e.g. versions stored before it). */
  elo?: EloBlend | null;
  /** Matches in the fit and their total weight. */
  matches: number;
  weight: number;
}

/** exp(−ξ·age) per match, with long breaks shortened; 0 for matches after `cutoff`. */
export function matchWeights(matches: readonly ModelMatch[], cutoff: number, opts: FitOptions): number[] {
  const order = matches.map((_, i) => i).sort((a, b) => matches[b].at - matches[a].at);
  const weights = new Array<number>(matches.length).fill(0);
  let age = 0;
  let previous = cutoff;
  for (const i of order) {
    const at = matches[i].at;
    if (at > cutoff) continue;
    age += Math.min((previous - at) / DAY_MS, MAX_GAP_DAYS);
    previous = at;
    if (age > opts.maxAgeDays) break;
    weights[i] = Math.exp(-opts.xiPerDay * age);
  }
  return weights;
}

/** τ of Dixon–Coles: corrects the four low scores, 1 elsewhere. */
export function tau(x: number, y: number, lambda: number, mu: number, rho: number): number {
  if (x === 0 && y === 0) return 1 - lambda * mu * rho;
  if (x === 0 && y === 1) return 1 + lambda * rho;
  if (x === 1 && y === 0) return 1 + mu * rho;
  if (x === 1 && y === 1) return 1 - rho;
  return 1;
}

interface Goals {
  home: number;
  away: number;
  lambda: number;
  mu: number;
  weight: number;
}

/** The ρ maximising Σ w·log τ over the matches (golden-section search on the valid range). */
export function fitRho(games: readonly Goals[]): number {
  let lo = -0.25;
  let hi = 0.25;
  // τ > 0 for every low-score match bounds ρ: 1 − λμρ > 0, 1 + λρ > 0, 1 + μρ > 0, 1 − ρ > 0.
  for (const g of games) {
    if (g.weight === 0) continue;
    if (g.home === 0 && g.away === 0) hi = Math.min(hi, 0.999 / (g.lambda * g.mu));
    if (g.home === 0 && g.away === 1) lo = Math.max(lo, -0.999 / g.lambda);
    if (g.home === 1 && g.away === 0) lo = Math.max(lo, -0.999 / g.mu);
  }
  hi = Math.min(hi, 0.999);
  const logLik = (rho: number) => {
    let sum = 0;
    for (const g of games) {
      if (g.weight === 0 || g.home > 1 || g.away > 1) continue;
      sum += g.weight * Math.log(tau(g.home, g.away, g.lambda, g.mu, rho));
    }
    return sum;
  };
  const phi = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 60; i++) {
    const c = b - phi * (b - a);
    const d = a + phi * (b - a);
    if (logLik(c) >= logLik(d)) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

/** Fits the model on the matches known at `cutoff` (epoch ms). */
export function fitDixonColes(
  matches: readonly ModelMatch[],
  cutoff: number,
  options: Partial<FitOptions> = {},
): DixonColesParams {
  const opts = { ...DEFAULT_FIT_OPTIONS, ...options };
  // One order whatever the caller's: floating-point sums then come out bit for bit the same.
  const sorted = [...matches].sort(
    (a, b) => a.at - b.at || a.home.localeCompare(b.home) || a.away.localeCompare(b.away),
  );
  const weights = matchWeights(sorted, cutoff, opts);
  const used = sorted.map((m, i) => ({ m, w: weights[i] })).filter((x) => x.w > 0);
  const names = [...new Set(used.flatMap(({ m }) => [m.home, m.away]))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const n = names.length;
  const divisionNames = [...new Set(used.map(({ m }) => m.division ?? ''))].sort();
  const divIdx = used.map(({ m }) => divisionNames.indexOf(m.division ?? ''));
  const homeIdx = used.map(({ m }) => index.get(m.home) as number);
  const awayIdx = used.map(({ m }) => index.get(m.away) as number);
  const attack = new Float64Array(n).fill(1);
  const defence = new Float64Array(n).fill(1);
  let totalWeight = 0;
  let homeGoals = 0;
  let awayGoals = 0;
  const dHomeGoals = new Float64Array(divisionNames.length);
  const dAwayGoals = new Float64Array(divisionNames.length);
  const scored = new Float64Array(n);
  const conceded = new Float64Array(n);
  for (const [k, { m, w }] of used.entries()) {
    totalWeight += w;
    homeGoals += w * m.homeGoals;
    awayGoals += w * m.awayGoals;
    dHomeGoals[divIdx[k]] += w * m.homeGoals;
    dAwayGoals[divIdx[k]] += w * m.awayGoals;
    scored[homeIdx[k]] += w * m.homeGoals;
    scored[awayIdx[k]] += w * m.awayGoals;
    conceded[homeIdx[k]] += w * m.awayGoals;
    conceded[awayIdx[k]] += w * m.homeGoals;
  }
  const cHome = totalWeight > 0 ? homeGoals / totalWeight : 1.5;
  const cAway = totalWeight > 0 ? awayGoals / totalWeight : 1.2;
  const dHome = new Float64Array(divisionNames.length).fill(cHome);
  const dAway = new Float64Array(divisionNames.length).fill(cAway);
  const prior = opts.priorGoals;
  const expected = new Float64Array(n);
  // Plain indexed loops over typed arrays: this is the hot path of every fit.
  const m = used.length;
  const w = Float64Array.from(used, (u) => u.w);
  const hi = Int32Array.from(homeIdx);
  const ai = Int32Array.from(awayIdx);
  const di = Int32Array.from(divIdx);
  const nd = divisionNames.length;
  const eHome = new Float64Array(nd);
  const eAway = new Float64Array(nd);
  for (let sweep = 0; sweep < opts.sweeps; sweep++) {
    // Attack: goals scored / goals expected per unit of attack.
    expected.fill(0);
    for (let k = 0; k < m; k++) {
      expected[hi[k]] += w[k] * dHome[di[k]] * defence[ai[k]];
      expected[ai[k]] += w[k] * dAway[di[k]] * defence[hi[k]];
    }
    // A team whose opponents, as rated, concede nothing (possible without a prior) keeps its rating.
    for (let i = 0; i < n; i++)
      if (expected[i] + prior > 0) attack[i] = (scored[i] + prior) / (expected[i] + prior);
    // Defence: goals conceded / goals expected per unit of defence.
    expected.fill(0);
    for (let k = 0; k < m; k++) {
      expected[ai[k]] += w[k] * dHome[di[k]] * attack[hi[k]];
      expected[hi[k]] += w[k] * dAway[di[k]] * attack[ai[k]];
    }
    for (let i = 0; i < n; i++)
      if (expected[i] + prior > 0) defence[i] = (conceded[i] + prior) / (expected[i] + prior);
    // Home and away scales per division.
    eHome.fill(0);
    eAway.fill(0);
    for (let k = 0; k < m; k++) {
      eHome[di[k]] += w[k] * attack[hi[k]] * defence[ai[k]];
      eAway[di[k]] += w[k] * attack[ai[k]] * defence[hi[k]];
    }
    for (let d = 0; d < nd; d++) {
      if (eHome[d] > 0) dHome[d] = dHomeGoals[d] / eHome[d];
      if (eAway[d] > 0) dAway[d] = dAwayGoals[d] / eAway[d];
    }
  }
  const lambdaOf = (k: number) => dHome[divIdx[k]] * attack[homeIdx[k]] * defence[awayIdx[k]];
  const muOf = (k: number) => dAway[divIdx[k]] * attack[awayIdx[k]] * defence[homeIdx[k]];
  const rho = opts.lowScoreCorrection
    ? fitRho(
        used.map(({ m, w }, k) => ({
          home: m.homeGoals,
          away: m.awayGoals,
          lambda: lambdaOf(k),
          mu: muOf(k),
          weight: w,
        })),
      )
    : 0;

  // Half-time: the same ratings with the half's share of the goals, and the half's own ρ.
  let htW = 0;
  let htHomeGoals = 0;
  let htAwayGoals = 0;
  let ftHomeOfHt = 0;
  let ftAwayOfHt = 0;
  for (const { m, w } of used) {
    if (m.htHome === null || m.htAway === null) continue;
    htW += w;
    htHomeGoals += w * m.htHome;
    htAwayGoals += w * m.htAway;
    ftHomeOfHt += w * m.homeGoals;
    ftAwayOfHt += w * m.awayGoals;
  }
  const htShareHome = ftHomeOfHt > 0 ? htHomeGoals / ftHomeOfHt : 0.45;
  const htShareAway = ftAwayOfHt > 0 ? htAwayGoals / ftAwayOfHt : 0.45;
  const htRho =
    opts.lowScoreCorrection && htW > 0
      ? fitRho(
          used.flatMap(({ m, w }, k) =>
            m.htHome === null || m.htAway === null
              ? []
              : [
                  {
                    home: m.htHome,
                    away: m.htAway,
                    lambda: lambdaOf(k) * htShareHome,
                    mu: muOf(k) * htShareAway,
                    weight: w,
                  },
                ],
          ),
        )
      : 0;

  const divisions: Record<string, { cHome: number; cAway: number }> = {};
  for (const [d, name] of divisionNames.entries()) divisions[name] = { cHome: dHome[d], cAway: dAway[d] };
  // The country's scales: the weighted mean of its divisions' (for a division the fit never saw).
  const meanScale = (scales: Float64Array, goals: Float64Array, total: number) =>
    total > 0 ? scales.reduce((s, c, d) => s + (c * goals[d]) / total, 0) : (scales[0] ?? 1);
  const teams: Record<string, TeamRating> = {};
  for (const [i, name] of names.entries()) teams[name] = { attack: attack[i], defence: defence[i] };
  const params: DixonColesParams = {
    cHome: divisionNames.length > 0 ? meanScale(dHome, dHomeGoals, homeGoals) : cHome,
    cAway: divisionNames.length > 0 ? meanScale(dAway, dAwayGoals, awayGoals) : cAway,
    divisions,
    rho,
    htShareHome,
    htShareAway,
    htRho,
    teams,
    matches: used.length,
    weight: totalWeight,
  };
  if (!opts.eloBlend) return params;
  // Elo reads the same history the service loads (HISTORY_DAYS), whatever the caller passed.
  const eloFrom = cutoff - (opts.maxAgeDays + 365) * DAY_MS;
  const history = sorted.filter((match) => match.at >= eloFrom);
  const elo = fitEloBlend(history, cutoff, (match) => {
    const { lambda, mu } = expectedGoals(params, match);
    return Math.log(lambda / mu);
  });
  return { ...params, elo };
}

export interface ExpectedGoals {
  lambda: number;
  mu: number;
  rho: number;
}

/** Expected goals of a match (a team unknown to the fit plays at rating 1, the league average). */
export function expectedGoals(
  params: DixonColesParams,
  match: { home: string; away: string; division?: string },
  half: 'full' | 'first' = 'full',
): ExpectedGoals {
  const h = params.teams[match.home] ?? { attack: 1, defence: 1 };
  const a = params.teams[match.away] ?? { attack: 1, defence: 1 };
  const scales = params.divisions[match.division ?? ''] ?? params;
  const dixonColes = {
    lambda: scales.cHome * h.attack * a.defence,
    mu: scales.cAway * a.attack * h.defence,
    rho: params.rho,
  };
  const { lambda, mu } = params.elo ? blendExpectedGoals(dixonColes, params.elo, match) : dixonColes;
  if (half === 'full') return { lambda, mu, rho: params.rho };
  return { lambda: lambda * params.htShareHome, mu: mu * params.htShareAway, rho: params.htRho };
}
