import { type PublishTipBody, PublishTipBodySchema } from '@tips/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { OutcomeProbabilities } from '../../db/seed/fair-odds';
import type { Clock } from '../../lib/clock';
import {
  type AiTipster,
  findAiTipsters,
  latestVersionsAt,
  loadKnownResults,
  type ModelVersion,
  openTipFixturesOf,
  RESULT_DUE_MINUTES,
  recordAiPick,
  saveModelVersion,
  scheduledFixturesBetween,
  tiersWithPickOn,
} from './ai-model.repo';
import type { LeagueMatch } from './backtest';
import { DEFAULT_FIT_OPTIONS, fitDixonColes } from './dixon-coles';
import type { PricedSelection } from './market-prices';
import { forecastMatch } from './match-forecast';
import { storedBacktest } from './stored-backtest';
import { pickCandidates, TIER_CATEGORIES, type TierName, tierPick } from './tiers';

/**
 * The AI tier at work (decision 071): fit every country on the results known now and store the fit
 * as a model version; once a UTC day, each tier publishes its pick of the day through the normal
 * publishing path (server timestamp, plan delivery, settlement like any tip). A pick is made from
 * the latest model version whose data cut-off is at or before the moment of publication, so it
 * can never depend on a result that was not known then.
 */

/** Publishes through the tips domain (wired by the caller); afterInsert runs in its transaction. */
export type PublishModelTip = (
  tipsterId: number,
  body: PublishTipBody,
  afterInsert: (tx: Tx, tip: { id: number }) => Promise<void>,
) => Promise<number>;

/** The market's best current price of a selection at a moment, or null (the market-price reader's). */
export type MarketPriceOf = (
  fixtureId: number,
  bettingType: number,
  selection: string,
  at: Date,
) => Promise<{ oddsHundredths: number; bookmaker: string } | null>;

export interface AiPicksDeps {
  db: Db;
  clock: Clock;
  publish: PublishModelTip;
  /** AI picks are published at the market's best price, like every tip (decision 150). */
  marketPrice: MarketPriceOf;
}

const DAY_MS = 86_400_000;
/** A pick is published at least this long before its match kicks off. */
export const MIN_LEAD_MS = 60 * 60_000;
/** …and at most this long before (one pick a day covers the next day's matches). */
export const PICK_WINDOW_MS = 24 * 3600_000;
export const HISTORY_MS = (DEFAULT_FIT_OPTIONS.maxAgeDays + 365) * DAY_MS;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Fits every country with results known at `cutoff` (or only `countries`) and stores each fit
 * (idempotent per cut-off). `known` lets a caller that fits several cut-offs load the results once;
 * only those due by `cutoff` are used.
 */
export async function fitAllCountries(
  db: DbOrTx,
  cutoff: Date,
  fittedAt: Date,
  countries?: readonly string[],
  known?: readonly LeagueMatch[],
): Promise<ModelVersion[]> {
  const since = cutoff.getTime() - HISTORY_MS;
  const results = known
    ? known.filter((m) => m.at >= since && m.at + RESULT_DUE_MINUTES * 60_000 <= cutoff.getTime())
    : await loadKnownResults(db, cutoff, new Date(since), countries);
  const byCountry = new Map<string, LeagueMatch[]>();
  for (const m of results) {
    const list = byCountry.get(m.country);
    if (list) list.push(m);
    else byCountry.set(m.country, [m]);
  }
  const versions: ModelVersion[] = [];
  for (const [country, matches] of [...byCountry].sort(([a], [b]) => a.localeCompare(b))) {
    const parameters = fitDixonColes(matches, cutoff.getTime());
    versions.push(await saveModelVersion(db, { country, dataCutoff: cutoff, fittedAt, parameters }));
  }
  return versions;
}

export interface DailyPick {
  tipster: AiTipster;
  fixtureId: number;
  kickoffAt: Date;
  version: ModelVersion;
  pick: PricedSelection & { fairOdds: number };
}

/**
 * The model's edge at decimal odds: its expected profit per unit staked (+0.05 = 5 % profit per
 * unit). A half win pays half the winnings, a half loss loses half the stake and a void returns it,
 * so on a quarter line the edge is not hit probability × odds − 1.
 */
export function modelEdge(p: OutcomeProbabilities, odds: number): number {
  return (p.WIN + p.HALF_WIN / 2) * (odds - 1) - (p.LOSS + p.HALF_LOSS / 2);
}

/**
 * Each tier's candidate picks for the matches kicking off from `now` + MIN_LEAD_MS to `now` + 24
 * hours, from the model versions known at `now`, best first: per match, the tier's pick (the first
 * candidate whose hit probability reaches the tier's threshold), the matches ordered by that pick's
 * fair odds, highest first. One list per tier that has any. Pure of side effects.
 */
export async function rankDailyPicks(
  db: DbOrTx,
  now: Date,
  tipsters: readonly AiTipster[],
  fixtureStatus: 'scheduled' | 'finished' = 'scheduled',
): Promise<DailyPick[][]> {
  const windowEnd = new Date(now.getTime() + PICK_WINDOW_MS);
  const [fixtures, versions, openTips] = await Promise.all([
    scheduledFixturesBetween(db, new Date(now.getTime() + MIN_LEAD_MS), windowEnd, fixtureStatus),
    latestVersionsAt(db, now),
    openTipFixturesOf(
      db,
      tipsters.map((tipster) => tipster.id),
    ),
  ]);
  const forecasts = fixtures.flatMap((f) => {
    const version = versions.get(f.country);
    if (!version) return [];
    const forecast = forecastMatch(version.parameters, {
      home: String(f.homeTeamId),
      away: String(f.awayTeamId),
      division: f.code,
    });
    return [{ fixture: f, version, candidates: pickCandidates(forecast) }];
  });
  const { tiers } = storedBacktest();
  const ranked: DailyPick[][] = [];
  for (const tipster of tipsters) {
    const tier = (Object.keys(TIER_CATEGORIES) as TierName[]).find(
      (t) => TIER_CATEGORIES[t] === tipster.category,
    );
    const threshold = tier ? tiers[tier]?.threshold : undefined;
    if (threshold === undefined) continue;
    const picks: DailyPick[] = [];
    for (const { fixture, version, candidates } of forecasts) {
      if (openTips.has(`${tipster.id}:${fixture.id}`)) continue; // one pick per match and market
      const pick = tierPick(candidates, threshold) as (PricedSelection & { fairOdds: number }) | null;
      if (pick) picks.push({ tipster, fixtureId: fixture.id, kickoffAt: fixture.kickoffAt, version, pick });
    }
    // Stable: among equal fair odds the earlier match (the fixtures come in kick-off order) stays first.
    picks.sort((a, b) => b.pick.fairOdds - a.pick.fairOdds);
    if (picks.length > 0) ranked.push(picks);
  }
  return ranked;
}

/**
 * Each tier's pick of the day: the first of its ranked picks (rankDailyPicks) — the candidate with
 * the highest fair odds among the window's matches whose hit probability reaches the tier's
 * threshold. The worker publishes the best one the market prices (publishDuePicks); the demo's
 * replayed past (db/seed/seed-ai-history.ts) takes this one.
 */
export async function chooseDailyPicks(
  db: DbOrTx,
  now: Date,
  tipsters: readonly AiTipster[],
  fixtureStatus: 'scheduled' | 'finished' = 'scheduled',
): Promise<DailyPick[]> {
  return (await rankDailyPicks(db, now, tipsters, fixtureStatus)).map((picks) => picks[0]);
}

export function reasoningOf(p: DailyPick, market: { odds: number; bookmaker: string }): string {
  const edge = modelEdge(p.pick.probabilities, market.odds) * 100;
  return (
    `Published by the ${p.tipster.category} itself: a Dixon–Coles and Elo model fitted on results known up to ` +
    `${p.version.dataCutoff.toISOString().slice(0, 16).replace('T', ' ')} UTC (model version ${p.version.id}) ` +
    `gives this pick a ${(p.pick.hitProbability * 100).toFixed(1)} % chance to win (fair odds ${p.pick.fairOdds.toFixed(2)}); ` +
    `published at the market's best price, ${market.odds.toFixed(2)} (${market.bookmaker}): a model edge of ` +
    `${edge >= 0 ? '+' : ''}${edge.toFixed(1)} % at that price.`
  );
}

export function createAiPicksService(deps: AiPicksDeps) {
  const { db, clock } = deps;

  async function fitNow(): Promise<ModelVersion[]> {
    const now = clock.now();
    return fitAllCountries(db, now, now);
  }

  /** Publishes one tier's pick of `day` at the market's price; false when another process was first. */
  async function publishPick(
    p: DailyPick,
    market: { odds: number; bookmaker: string },
    day: string,
  ): Promise<boolean> {
    // The same validation as a tipster's form: canonical selection, odds with two decimals.
    const body = PublishTipBodySchema.parse({
      fixtureId: p.fixtureId,
      bettingType: p.pick.bettingType,
      selection: p.pick.selection,
      odds: market.odds,
      price: 0,
      stake: 1,
      reasoning: reasoningOf(p, market),
    });
    try {
      await deps.publish(p.tipster.id, body, (tx, tip) =>
        recordAiPick(tx, {
          tipsterId: p.tipster.id,
          day,
          tipId: tip.id,
          modelVersionId: p.version.id,
          hitProbability: p.pick.hitProbability,
          modelEdge: modelEdge(p.pick.probabilities, market.odds),
        }),
      );
      return true;
    } catch (error) {
      // Another process published this tier's pick first (the (tier, day) key): nothing to do.
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  }

  /** Publishes today's pick of every tier that has none yet; returns how many were published. */
  async function publishDuePicks(): Promise<number> {
    const now = clock.now();
    const day = utcDay(now);
    const done = await tiersWithPickOn(db, day);
    const due = (await findAiTipsters(db)).filter((t) => !done.has(t.id));
    if (due.length === 0) return 0;
    let published = 0;
    for (const ranked of await rankDailyPicks(db, now, due)) {
      // Published at the market's best price, like every tip (decision 150). The market does not
      // quote every line the model likes (a house book offers handicaps near the match's balance,
      // not "Home +2.25"): the tier takes its best pick the market prices, and one nobody prices
      // yet leaves the tier's day open for a later run.
      for (const p of ranked) {
        const price = await deps.marketPrice(p.fixtureId, p.pick.bettingType, p.pick.selection, now);
        if (!price) continue;
        if (await publishPick(p, { odds: price.oddsHundredths / 100, bookmaker: price.bookmaker }, day))
          published++;
        break;
      }
    }
    return published;
  }

  return { fitNow, publishDuePicks };
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type AiPicksService = ReturnType<typeof createAiPicksService>;
