import { eloRatings, type RatedMatch } from '../../ai-model/elo-blend';
import { priceMarkets } from '../../ai-model/market-prices';
import { scoreMatrix } from '../../ai-model/score-matrix';
import type { PriceQuote, UpcomingFixture } from '../price-source.port';

/**
 * The house book (decision 136): demo prices from a rating model, not a bookmaker's. Offline there
 * is no market to read, yet publishing, closing prices and CLV need one, so the product makes its
 * own from a deliberately simple model — NOT the AI tier's fitted Dixon–Coles model, whose picks
 * would otherwise be graded against their own prices:
 *
 * 1. Elo ratings of every team from the competition's finished fixtures (elo-blend.ts eloRatings),
 *    recomputed at each refresh, so prices move as results arrive.
 * 2. Expected goals: the competition's mean home and away goals over the last year, tilted by the
 *    rating difference: λ = homeMean · e^(d/760), μ = awayMean · e^(−d/760) (a 200-point favourite
 *    scores about 1.7 times as much relative to its opponent as an even pairing would).
 * 3. Independent Poisson score matrices for the match and for the first half (the competition's
 *    share of goals scored before half-time).
 * 4. Every selection priced by the settlement's own grading (ai-model/market-prices.ts: quarter
 *    lines, pushes and draw-no-bet refunds included) into fair odds, then a proportional 5 % margin:
 *    offered = fair / 1.05, rounded down to hundredths, so the implied probabilities of a complete
 *    market (1X2, an Over/Under pair, both sides of a handicap) add up to 1.05.
 * 5. Prices outside 1.02 … 1000 are not offered, as a bookmaker would not list them.
 */

export const HOUSE_BOOK_NAME = 'House book (demo)';
export const HOUSE_MARGIN = 0.05;
/** Rating points per e-fold of each side's expected goals (halved supremacy). */
const ELO_GOAL_SCALE = 760;
const DEFAULT_HOME_GOALS = 1.5;
const DEFAULT_AWAY_GOALS = 1.2;
const DEFAULT_HALF_SHARE = 0.44;
/** Below this many matches in the last year the means fall back to the whole history, then defaults. */
const MIN_MATCHES = 30;
const YEAR_MS = 365 * 86_400_000;
const MIN_OFFERED = 102;
const MAX_OFFERED = 100_000;

export interface PlayedMatch {
  homeTeamId: number;
  awayTeamId: number;
  ftHome: number;
  ftAway: number;
  htHome: number | null;
  htAway: number | null;
  kickoffAt: Date;
}

export interface HouseModel {
  ratings: ReadonlyMap<string, number>;
  homeGoals: number;
  awayGoals: number;
  halfShare: number;
  /** Division code for the start rating of a team without results ('x.1' starts higher). */
  division: string;
}

function means(matches: readonly PlayedMatch[]) {
  let home = 0;
  let away = 0;
  let halfGoals = 0;
  let halfBase = 0;
  for (const m of matches) {
    home += m.ftHome;
    away += m.ftAway;
    if (m.htHome !== null && m.htAway !== null) {
      halfGoals += m.htHome + m.htAway;
      halfBase += m.ftHome + m.ftAway;
    }
  }
  return { home: home / matches.length, away: away / matches.length, halfGoals, halfBase };
}

/** The model at `now` from the competition's results known by then. */
export function fitHouseModel(matches: readonly PlayedMatch[], now: Date, division: string): HouseModel {
  const known = matches.filter((m) => m.kickoffAt.getTime() <= now.getTime());
  const rated: RatedMatch[] = known.map((m) => ({
    home: String(m.homeTeamId),
    away: String(m.awayTeamId),
    homeGoals: m.ftHome,
    awayGoals: m.ftAway,
    at: m.kickoffAt.getTime(),
    division,
  }));
  const { ratings } = eloRatings(rated, now.getTime());
  const lastYear = known.filter((m) => m.kickoffAt.getTime() > now.getTime() - YEAR_MS);
  const sample = lastYear.length >= MIN_MATCHES ? lastYear : known.length >= MIN_MATCHES ? known : [];
  const measured = sample.length > 0 ? means(sample) : null;
  const share =
    measured && measured.halfBase > 0 ? measured.halfGoals / measured.halfBase : DEFAULT_HALF_SHARE;
  return {
    ratings,
    homeGoals: measured && measured.home > 0 ? measured.home : DEFAULT_HOME_GOALS,
    awayGoals: measured && measured.away > 0 ? measured.away : DEFAULT_AWAY_GOALS,
    halfShare: Math.min(0.6, Math.max(0.3, share)),
    division,
  };
}

const startRating = (division: string) => (division.endsWith('.1') ? 1500 : 1350);

export function expectedGoals(model: HouseModel, homeTeamId: number, awayTeamId: number) {
  const home = model.ratings.get(String(homeTeamId)) ?? startRating(model.division);
  const away = model.ratings.get(String(awayTeamId)) ?? startRating(model.division);
  const tilt = (home - away) / ELO_GOAL_SCALE;
  return { lambda: model.homeGoals * Math.exp(tilt), mu: model.awayGoals * Math.exp(-tilt) };
}

/** Fair odds → the offered price in hundredths (margin applied, rounded down), or null when not listed. */
export function offeredHundredths(fair: number, margin = HOUSE_MARGIN): number | null {
  const offered = Math.floor((fair / (1 + margin)) * 100 + 1e-9);
  return offered >= MIN_OFFERED && offered <= MAX_OFFERED ? offered : null;
}

/** Every selection of every betting type the house offers for one fixture. */
export function houseBookQuotes(fixture: UpcomingFixture, model: HouseModel): PriceQuote[] {
  const { lambda, mu } = expectedGoals(model, fixture.homeTeamId, fixture.awayTeamId);
  const share = model.halfShare;
  const matrices = {
    full: scoreMatrix({ lambda, mu, rho: 0 }),
    firstHalf: scoreMatrix({ lambda: lambda * share, mu: mu * share, rho: 0 }),
  };
  const quotes: PriceQuote[] = [];
  for (const priced of priceMarkets(matrices)) {
    if (priced.fairOdds === null) continue;
    const oddsHundredths = offeredHundredths(priced.fairOdds);
    if (oddsHundredths === null) continue;
    quotes.push({
      fixtureId: fixture.id,
      bettingType: priced.bettingType,
      selection: priced.selection,
      bookmaker: HOUSE_BOOK_NAME,
      oddsHundredths,
    });
  }
  return quotes;
}
