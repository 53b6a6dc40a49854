import { describe, expect, it } from 'vitest';
import { modelEdge } from './ai-picks.service';
import {
  DEFAULT_FIT_OPTIONS,
  expectedGoals,
  fitDixonColes,
  type ModelMatch,
  matchWeights,
  tau,
} from './dixon-coles';
import { rankedProbabilityScore, summariseForecasts } from './forecast-metrics';
import { outcomeProbabilitiesOf, priceMarkets, priceSelection } from './market-prices';
import { forecastMatch } from './match-forecast';
import { oneXTwo, scoreMatrix } from './score-matrix';
import { chooseThreshold, type GradedMatch, simulateTier, tierPick } from './tiers';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

function match(
  home: string,
  away: string,
  score: [number, number],
  daysAgo: number,
  ht: [number, number] = [0, 0],
): ModelMatch {
  return {
    home,
    away,
    homeGoals: score[0],
    awayGoals: score[1],
    htHome: ht[0],
    htAway: ht[1],
    at: T0 - daysAgo * DAY,
  };
}

/** A point mass on one score: the settlement's arithmetic can be read off it. */
function certain(x: number, y: number) {
  const m = Array.from({ length: 11 }, () => new Array<number>(11).fill(0));
  m[x][y] = 1;
  return m;
}

describe('score matrix', () => {
  it('sums to 1, with or without the low-score correction', () => {
    for (const rho of [-0.15, 0, 0.1]) {
      const total = scoreMatrix({ lambda: 1.6, mu: 1.1, rho })
        .flat()
        .reduce((a, b) => a + b, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('is symmetric for equal teams: home and away win alike', () => {
    const r = oneXTwo(scoreMatrix({ lambda: 1.3, mu: 1.3, rho: -0.1 }));
    expect(r.home).toBeCloseTo(r.away, 12);
    expect(r.home + r.draw + r.away).toBeCloseTo(1, 12);
  });

  it('matches Poisson by hand: P(0-0) = e^−(λ+μ) when ρ = 0', () => {
    expect(scoreMatrix({ lambda: 1.5, mu: 1, rho: 0 })[0][0]).toBeCloseTo(Math.exp(-2.5), 6);
  });

  it('a negative ρ raises the draws 0-0 and 1-1 (Dixon–Coles τ)', () => {
    expect(tau(0, 0, 1.2, 1, -0.1)).toBeCloseTo(1.12, 12);
    expect(tau(1, 1, 1.2, 1, -0.1)).toBeCloseTo(1.1, 12);
    expect(tau(2, 1, 1.2, 1, -0.1)).toBe(1);
    const plain = oneXTwo(scoreMatrix({ lambda: 1.2, mu: 1, rho: 0 })).draw;
    expect(oneXTwo(scoreMatrix({ lambda: 1.2, mu: 1, rho: -0.1 })).draw).toBeGreaterThan(plain);
  });
});

describe('market prices follow the settlement rules', () => {
  const at = (x: number, y: number) => ({ full: certain(x, y), firstHalf: certain(0, 0) });

  it('quarter lines: Home −0.25 on a draw is a half loss, Over 2.25 on two goals a half loss', () => {
    expect(outcomeProbabilitiesOf(1, 'Home -0.25', certain(1, 1)).HALF_LOSS).toBe(1);
    expect(outcomeProbabilitiesOf(1, 'Away +0.25', certain(1, 1)).HALF_WIN).toBe(1);
    expect(outcomeProbabilitiesOf(2, 'Over 2.25', certain(1, 1)).HALF_LOSS).toBe(1);
    expect(outcomeProbabilitiesOf(2, 'Over 2.75', certain(2, 1)).HALF_WIN).toBe(1);
    expect(outcomeProbabilitiesOf(2, 'Under 2.75', certain(2, 1)).HALF_LOSS).toBe(1);
    expect(outcomeProbabilitiesOf(2, 'Over 2', certain(1, 1)).VOID).toBe(1);
  });

  it('fair odds: a half win counts half, a push nothing', () => {
    // Half the time a draw (Away +0.25 half-wins), half the time a home win (loses).
    const m = certain(1, 1).map((row, x) =>
      row.map((_, y) => (x === 1 && y === 1 ? 0.5 : x === 1 && y === 0 ? 0.5 : 0)),
    );
    const priced = priceSelection(1, 'Away +0.25', { full: m, firstHalf: m });
    // E[profit] = 0.5·(o−1)/2 − 0.5 = 0 → o = 3.
    expect(priced.fairOdds).toBeCloseTo(3, 12);
    expect(priced.hitProbability).toBeCloseTo(0.5, 12);
    expect(priceSelection(113, 'Home', at(1, 1)).probabilities.VOID).toBe(1);
  });

  it('half-time markets use the half-time matrix', () => {
    const p = priceSelection(6, 'Draw', { full: certain(3, 0), firstHalf: certain(0, 0) });
    expect(p.probabilities.WIN).toBe(1);
  });

  it('every selection of every market has outcome probabilities summing to 1', () => {
    const f = forecastMatch(fitDixonColes(league(), T0), { home: 'A', away: 'B' });
    const all = priceMarkets(f);
    expect(all.length).toBeGreaterThan(300);
    for (const s of all) {
      const sum = Object.values(s.probabilities).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 9);
    }
    const [h, d, a] = ['Home', 'Draw', 'Away'].map(
      (sel) => all.find((s) => s.bettingType === 3 && s.selection === sel)?.probabilities.WIN ?? 0,
    );
    expect(h + d + a).toBeCloseTo(1, 9);
  });
});

function league(): ModelMatch[] {
  // A strong, B average, C weak; each pair meets home and away over several weeks.
  const out: ModelMatch[] = [];
  for (let w = 0; w < 20; w++) {
    out.push(match('A', 'C', [3, 0], w * 7 + 1), match('C', 'A', [0, 2], w * 7 + 2));
    out.push(match('A', 'B', [2, 1], w * 7 + 3), match('B', 'A', [1, 1], w * 7 + 4));
    out.push(match('B', 'C', [2, 1], w * 7 + 5), match('C', 'B', [1, 1], w * 7 + 6));
  }
  return out;
}

describe('Dixon–Coles fit', () => {
  it('orders the teams by their results and gives a home advantage', () => {
    const params = fitDixonColes(league(), T0);
    expect(params.teams.A.attack).toBeGreaterThan(params.teams.B.attack);
    expect(params.teams.B.attack).toBeGreaterThan(params.teams.C.attack);
    expect(params.teams.A.defence).toBeLessThan(params.teams.C.defence);
    expect(params.cHome).toBeGreaterThan(params.cAway);
    const ab = forecastMatch(params, { home: 'A', away: 'C' }).oneXTwo;
    expect(ab.home).toBeGreaterThan(0.6);
  });

  it('is deterministic and ignores matches after the cut-off', () => {
    const data = league();
    const later = [...data, match('C', 'A', [9, 0], -3)];
    expect(fitDixonColes(later, T0)).toEqual(fitDixonColes(data, T0));
    expect(fitDixonColes(data, T0)).toEqual(fitDixonColes([...data].reverse(), T0));
  });

  it('weights older matches less, and a long break counts as 90 days', () => {
    const w = matchWeights(
      [match('A', 'B', [1, 0], 0), match('A', 'B', [1, 0], 365), match('A', 'B', [1, 0], 2000)],
      T0,
      DEFAULT_FIT_OPTIONS,
    );
    expect(w[0]).toBe(1);
    const xi = DEFAULT_FIT_OPTIONS.xiPerDay;
    expect(w[1]).toBeCloseTo(Math.exp(-xi * 90), 9);
    expect(w[2]).toBeCloseTo(Math.exp(-xi * 180), 9);
  });

  it('a plain maximum-likelihood fit gives numbers, not NaN, when a side never scored nor conceded', () => {
    // B never scores and A never concedes: without a prior, B's expected goals are 0 of 0.
    const data = [match('A', 'B', [1, 0], 10), match('B', 'A', [0, 2], 3)];
    const params = fitDixonColes(data, T0, { priorGoals: 0, lowScoreCorrection: false, eloBlend: false });
    const forecast = forecastMatch(params, { home: 'B', away: 'A' }).oneXTwo;
    for (const p of [forecast.home, forecast.draw, forecast.away]) expect(Number.isFinite(p)).toBe(true);
    expect(forecast.away).toBeGreaterThan(forecast.home);
  });

  it('an unknown team plays at the league average; the half has fewer goals', () => {
    const params = fitDixonColes(league(), T0, { eloBlend: false });
    expect(params.elo).toBeUndefined();
    const full = expectedGoals(params, { home: 'X', away: 'Y' });
    expect(full.lambda).toBeCloseTo(params.cHome, 9);
    const half = expectedGoals(params, { home: 'A', away: 'B' }, 'first');
    expect(half.lambda).toBeLessThan(expectedGoals(params, { home: 'A', away: 'B' }).lambda);
  });
});

describe('forecast metrics', () => {
  it('RPS: 0 for a certain right forecast, 1/9 for thirds on a draw, 1 for certain wrong way round', () => {
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'home')).toBe(0);
    expect(rankedProbabilityScore({ home: 1 / 3, draw: 1 / 3, away: 1 / 3 }, 'draw')).toBeCloseTo(1 / 9, 12);
    expect(rankedProbabilityScore({ home: 1, draw: 0, away: 0 }, 'away')).toBe(1);
  });

  it('summarises accuracy, log loss, Brier and calibration bands', () => {
    const s = summariseForecasts([
      { forecast: { home: 0.6, draw: 0.25, away: 0.15 }, result: 'home' },
      { forecast: { home: 0.6, draw: 0.25, away: 0.15 }, result: 'away' },
    ]);
    expect(s.n).toBe(2);
    expect(s.accuracy).toBe(0.5);
    expect(s.logLoss).toBeCloseTo((-Math.log(0.6) - Math.log(0.15)) / 2, 4);
    const band = s.calibration.find((b) => b.from === 0.6);
    expect(band).toMatchObject({ n: 2, meanForecast: 0.6, observed: 0.5 });
  });
});

describe('tiers', () => {
  const graded: GradedMatch[] = Array.from({ length: 100 }, (_, i) => ({
    day: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    candidates: [
      { hitProbability: 0.5, fairOdds: 2, result: i % 2 === 0 ? 'hit' : 'miss' },
      { hitProbability: 0.9, fairOdds: 1.11, result: i % 10 === 0 ? 'miss' : 'hit' },
    ],
  }));

  it('takes the highest odds among candidates at least that sure', () => {
    expect(tierPick(graded[0].candidates, 0.5)?.fairOdds).toBe(2);
    expect(tierPick(graded[0].candidates, 0.6)?.fairOdds).toBe(1.11);
    expect(tierPick(graded[0].candidates, 0.95)).toBeNull();
  });

  it('publishes one pick a day and chooses the threshold closest to the advertised rate', () => {
    expect(simulateTier(graded, 0.6).picks).toBe(28);
    const high = chooseThreshold(
      [...graded, ...graded.map((g) => ({ ...g, day: g.day.replace('01-', '02-') }))],
      0.9,
    );
    expect(high?.threshold).toBeGreaterThan(0.5);
    expect(high?.hitRate).toBeGreaterThan(0.8);
  });
});

describe("the model's edge at a price", () => {
  it('is the expected profit per unit staked, half outcomes paying or losing half', () => {
    const none = { WIN: 0, HALF_WIN: 0, VOID: 0, HALF_LOSS: 0, LOSS: 0 };
    // 1X2 at 2.50 with a 45 % chance: 0.45 × 2.5 − 1.
    expect(modelEdge({ ...none, WIN: 0.45, LOSS: 0.55 }, 2.5)).toBeCloseTo(0.125, 10);
    // 'Home -0.25' at 2.00: a draw (30 %) loses half the stake. Hit probability × odds − 1 would
    // say −20 %; the bettor's expectation is 0.4 × 1 − (0.3 + 0.3 / 2) = −5 %.
    expect(modelEdge({ ...none, WIN: 0.4, HALF_LOSS: 0.3, LOSS: 0.3 }, 2)).toBeCloseTo(-0.05, 10);
    // 'Over 2.75' at 1.90: four goals or more win, exactly three half-win: 0.5 × 0.9 + 0.2 × 0.45 − 0.3.
    expect(modelEdge({ ...none, WIN: 0.5, HALF_WIN: 0.2, LOSS: 0.3 }, 1.9)).toBeCloseTo(0.24, 10);
    // A push returns the stake: it neither wins nor loses.
    expect(modelEdge({ ...none, WIN: 0.5, VOID: 0.2, LOSS: 0.3 }, 2)).toBeCloseTo(0.2, 10);
  });
});
