import { type ExpectedGoals, tau } from './dixon-coles';

/** Goals per side the matrix covers; the tail beyond it (≈1e-6 at λ = 3) is renormalised away. */
export const MAX_GOALS = 10;

/** P(home = x, away = y), indexed [x][y], summing to 1. */
export type ScoreMatrix = number[][];

function poissonRow(mean: number): number[] {
  const row = [Math.exp(-mean)];
  for (let k = 1; k <= MAX_GOALS; k++) row.push((row[k - 1] * mean) / k);
  return row;
}

/** The Dixon–Coles score matrix for expected goals λ, μ and correction ρ. */
export function scoreMatrix({ lambda, mu, rho }: ExpectedGoals): ScoreMatrix {
  const ph = poissonRow(lambda);
  const pa = poissonRow(mu);
  const matrix: ScoreMatrix = [];
  let total = 0;
  for (let x = 0; x <= MAX_GOALS; x++) {
    const row: number[] = [];
    for (let y = 0; y <= MAX_GOALS; y++) {
      const p = Math.max(0, tau(x, y, lambda, mu, rho) * ph[x] * pa[y]);
      row.push(p);
      total += p;
    }
    matrix.push(row);
  }
  return matrix.map((row) => row.map((p) => p / total));
}

export interface OneXTwo {
  home: number;
  draw: number;
  away: number;
}

export function oneXTwo(matrix: ScoreMatrix): OneXTwo {
  const r = { home: 0, draw: 0, away: 0 };
  for (const [x, row] of matrix.entries()) {
    for (const [y, p] of row.entries()) {
      if (x > y) r.home += p;
      else if (x === y) r.draw += p;
      else r.away += p;
    }
  }
  return r;
}
