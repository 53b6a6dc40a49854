import { describe, expect, it } from 'vitest';
import { expectedGoals, fitDixonColes, type ModelMatch } from './dixon-coles';
import { blendExpectedGoals, ELO_HOME_BONUS, ELO_K, type EloBlend, eloRatings } from './elo-blend';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 4, 1);

function played(
  home: string,
  away: string,
  [homeGoals, awayGoals]: [number, number],
  day: number,
): ModelMatch {
  return {
    home,
    away,
    homeGoals,
    awayGoals,
    htHome: 0,
    htAway: 0,
    at: T0 - 200 * DAY + day * DAY,
    division: 'xx.1',
  };
}

describe('Elo ratings', () => {
  it('moves points from loser to winner; a wider margin moves more, but less than in proportion', () => {
    const oneNil = eloRatings([played('A', 'B', [1, 0], 0)], T0).ratings;
    const twoNil = eloRatings([played('A', 'B', [2, 0], 0)], T0).ratings;
    const fourNil = eloRatings([played('A', 'B', [4, 0], 0)], T0).ratings;
    const gain = (r: Map<string, number>) => (r.get('A') as number) - 1500;
    // Equal teams, the home side expected to score 1/(1 + 10^(−60/400)) of the point.
    const expected = 1 / (1 + 10 ** (-ELO_HOME_BONUS / 400));
    expect(gain(oneNil)).toBeCloseTo(ELO_K * (1 - expected), 9);
    expect((oneNil.get('A') as number) + (oneNil.get('B') as number)).toBeCloseTo(3000, 9);
    expect(gain(twoNil)).toBeCloseTo(1.5 * gain(oneNil), 9);
    expect(gain(fourNil)).toBeCloseTo(1.875 * gain(oneNil), 9);
    // A home draw between equals costs the home side a little (it was expected to do better).
    expect(gain(eloRatings([played('A', 'B', [1, 1], 0)], T0).ratings)).toBeLessThan(0);
  });

  it('reads only the results known at the cut-off, and a newcomer below the top division starts lower', () => {
    const history = [played('A', 'B', [3, 0], 0), { ...played('C', 'A', [5, 0], 300), at: T0 + DAY }];
    const { ratings } = eloRatings(history, T0);
    expect(ratings.has('C')).toBe(false);
    const lower = eloRatings([{ ...played('D', 'E', [0, 0], 0), division: 'xx.2' }], T0).ratings;
    expect((lower.get('D') as number) + (lower.get('E') as number)).toBeCloseTo(2 * 1350, 9);
  });
});

describe('the blend of Dixon–Coles and Elo', () => {
  const blend: EloBlend = {
    ratings: { A: 1600, B: 1400 },
    intercept: 0.1,
    slope: 0.002,
    dixonColesWeight: 0.5,
  };

  it('takes half its supremacy from each view and keeps the number of goals', () => {
    const dixonColes = { lambda: 1.2, mu: 1.2, rho: -0.05 };
    const blended = blendExpectedGoals(dixonColes, blend, { home: 'A', away: 'B' });
    const eloSupremacy = 0.1 + 0.002 * (1600 + ELO_HOME_BONUS - 1400);
    expect(Math.log(blended.lambda / blended.mu)).toBeCloseTo(eloSupremacy / 2, 9);
    expect(blended.lambda * blended.mu).toBeCloseTo(1.44, 9);
    expect(blended.rho).toBe(-0.05);
  });

  it('is part of every fit: both views agree on a league where results and goals tell the same story', () => {
    const league: ModelMatch[] = [];
    for (let w = 0; w < 25; w++) {
      league.push(played('Strong', 'Weak', [3, 0], w * 7), played('Weak', 'Strong', [0, 2], w * 7 + 1));
      league.push(played('Strong', 'Mid', [2, 1], w * 7 + 2), played('Mid', 'Weak', [2, 1], w * 7 + 3));
      league.push(played('Mid', 'Strong', [1, 1], w * 7 + 4), played('Weak', 'Mid', [1, 1], w * 7 + 5));
    }
    const params = fitDixonColes(league, T0);
    expect(params.elo).not.toBeNull();
    const ratings = params.elo?.ratings ?? {};
    expect(ratings.Strong).toBeGreaterThan(ratings.Mid);
    expect(ratings.Mid).toBeGreaterThan(ratings.Weak);
    // Elo's line turns a rating gap into Dixon–Coles' units: stronger home side, larger supremacy.
    expect(params.elo?.slope).toBeGreaterThan(0);
    const pure = fitDixonColes(league, T0, { eloBlend: false });
    const blended = expectedGoals(params, { home: 'Strong', away: 'Weak' });
    const alone = expectedGoals(pure, { home: 'Strong', away: 'Weak' });
    expect(blended.lambda).toBeGreaterThan(blended.mu);
    expect(blended.lambda * blended.mu).toBeCloseTo(alone.lambda * alone.mu, 9);
  });

  it('is left out when there are too few matches to relate the two views', () => {
    const params = fitDixonColes([played('A', 'B', [1, 0], 0), played('B', 'A', [2, 2], 7)], T0);
    expect(params.elo).toBeNull();
  });
});
