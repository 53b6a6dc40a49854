import { type DixonColesParams, type FitOptions, fitDixonColes, type ModelMatch } from './dixon-coles';
import { type ForecastSummary, resultOf, type ScoredForecast, summariseForecasts } from './forecast-metrics';
import { forecastMatch } from './match-forecast';
import type { OneXTwo } from './score-matrix';
import { type GradedMatch, gradeCandidates, pickCandidates } from './tiers';

/**
 * The walk-forward backtest (decision 070): for each week from `from` to `to`, fit only on the
 * results known at the week's start (kick-off + RESULT_DUE_MS before it), then forecast that week's
 * matches of the chosen competitions. Beside the model, two baselines computed the same way: the
 * training data's base rates (the competition's share of home wins, draws and away wins) and a plain
 * time-weighted Poisson model (the competition alone, maximum likelihood, no low-score correction).
 */

export interface LeagueMatch extends ModelMatch {
  competition: string;
  country: string;
}

export const RESULT_DUE_MS = 115 * 60_000;
const WEEK_MS = 7 * 86_400_000;

export const PLAIN_POISSON: Partial<FitOptions> = {
  priorGoals: 0,
  lowScoreCorrection: false,
  eloBlend: false,
};

export interface BacktestOptions {
  from: Date;
  to: Date;
  competitions: readonly string[];
  fit?: Partial<FitOptions>;
}

export interface BacktestReport extends ForecastSummary {
  from: string;
  to: string;
  competitions: string[];
  seasons: string[];
  weeks: number;
  fits: number;
  baselines: { baseRates: ForecastSummary; poisson: ForecastSummary };
}

function baseRates(training: readonly LeagueMatch[]): OneXTwo {
  const r = { home: 1, draw: 1, away: 1 };
  for (const m of training) r[resultOf(m.homeGoals, m.awayGoals)]++;
  const n = r.home + r.draw + r.away;
  return { home: r.home / n, draw: r.draw / n, away: r.away / n };
}

const BASE_RATE_DAYS = 3 * 365;

/** The season label ('2024-25') of a European match date. */
export function seasonOf(at: number): string {
  const d = new Date(at);
  const y = d.getUTCFullYear();
  const start = d.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function runBacktest(all: readonly LeagueMatch[], opts: BacktestOptions) {
  const competitions = new Set(opts.competitions);
  const byTime = [...all].sort((a, b) => a.at - b.at);
  const countries = new Set(byTime.filter((m) => competitions.has(m.competition)).map((m) => m.country));
  const model: ScoredForecast[] = [];
  const poisson: ScoredForecast[] = [];
  const rates: ScoredForecast[] = [];
  const graded: GradedMatch[] = [];
  const seasons = new Set<string>();
  let weeks = 0;
  let fits = 0;
  for (let start = opts.from.getTime(); start <= opts.to.getTime(); start += WEEK_MS) {
    const end = Math.min(start + WEEK_MS, opts.to.getTime() + 1);
    const targets = byTime.filter((m) => m.at >= start && m.at < end && competitions.has(m.competition));
    if (targets.length === 0) continue;
    weeks++;
    const known = byTime.filter((m) => m.at + RESULT_DUE_MS <= start);
    const fitted = new Map<string, DixonColesParams>();
    for (const country of countries) {
      if (!targets.some((t) => t.country === country)) continue;
      fitted.set(
        country,
        fitDixonColes(
          known.filter((m) => m.country === country),
          start,
          opts.fit,
        ),
      );
      fits++;
    }
    const plain = new Map<string, DixonColesParams>();
    for (const competition of new Set(targets.map((t) => t.competition))) {
      const own = known.filter((m) => m.competition === competition);
      plain.set(competition, fitDixonColes(own, start, { ...opts.fit, ...PLAIN_POISSON }));
      const recent = own.filter((m) => m.at >= start - BASE_RATE_DAYS * 86_400_000);
      const rate = baseRates(recent);
      for (const t of targets.filter((x) => x.competition === competition)) {
        rates.push({ forecast: rate, result: resultOf(t.homeGoals, t.awayGoals) });
      }
      fits++;
    }
    for (const t of targets) {
      const result = resultOf(t.homeGoals, t.awayGoals);
      seasons.add(seasonOf(t.at));
      const forecast = forecastMatch(fitted.get(t.country) as DixonColesParams, t);
      model.push({ forecast: forecast.oneXTwo, result });
      poisson.push({
        forecast: forecastMatch(plain.get(t.competition) as DixonColesParams, t).oneXTwo,
        result,
      });
      graded.push({
        day: new Date(t.at).toISOString().slice(0, 10),
        candidates: gradeCandidates(pickCandidates(forecast), {
          home: t.homeGoals,
          away: t.awayGoals,
          htHome: t.htHome,
          htAway: t.htAway,
        }),
      });
    }
  }
  const report: BacktestReport = {
    from: opts.from.toISOString().slice(0, 10),
    to: opts.to.toISOString().slice(0, 10),
    competitions: [...competitions].sort(),
    seasons: [...seasons].sort(),
    weeks,
    fits,
    ...summariseForecasts(model),
    baselines: { baseRates: summariseForecasts(rates), poisson: summariseForecasts(poisson) },
  };
  return { report, graded };
}
