import {
  countriesWithFixtures,
  findAiTipsters,
  loadKnownResults,
} from '../../features/ai-model/ai-model.repo';
import {
  chooseDailyPicks,
  fitAllCountries,
  HISTORY_MS,
  modelEdge,
  reasoningOf,
  utcDay,
} from '../../features/ai-model/ai-picks.service';
import type { DbOrTx } from '../client';

/**
 * The demo's AI history is the model's own picks on the replayed past (decision 071): for each day
 * of the history, each tier's pick of the day as the worker would have published it at 00:00 UTC,
 * from model versions fitted once a week on the results due before that week began (so a pick
 * never saw its own match, nor any later one). The fits are stored as model versions; their
 * fitted_at is the moment the seed ran, their data cut-off the week's start.
 */
export interface AiHistoryPick {
  tipsterId: number;
  category: string;
  fixtureId: number;
  publishedAt: Date;
  day: string;
  bettingType: number;
  selection: string;
  /** The analysis at the price the pick is published at (the house book's then, decision 150). */
  reasoningAt: (market: { odds: number; bookmaker: string }) => string;
  modelVersionId: number;
  hitProbability: number;
  /** The model's edge at the odds the pick is published at (ai_picks.model_edge). */
  edgeAt: (odds: number) => number;
}

const DAY_MS = 86_400_000;

export async function modelHistoryPicks(db: DbOrTx, now: Date, days: number): Promise<AiHistoryPick[]> {
  const tipsters = await findAiTipsters(db);
  if (tipsters.length === 0) return [];
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  // Only the countries the history's matches are in need a fit (the seed's time matters).
  const countries = await countriesWithFixtures(db, new Date(today - days * DAY_MS), new Date(now));
  // The results are read once; each weekly fit keeps those due by its cut-off.
  const known = await loadKnownResults(db, now, new Date(today - days * DAY_MS - HISTORY_MS), countries);
  const picks: AiHistoryPick[] = [];
  for (let d = days; d >= 1; d--) {
    const dayStart = new Date(today - d * DAY_MS);
    // A refit every seventh day, on the results due by that midnight.
    if ((days - d) % 7 === 0) await fitAllCountries(db, dayStart, now, countries, known);
    for (const p of await chooseDailyPicks(db, dayStart, tipsters, 'finished')) {
      picks.push({
        tipsterId: p.tipster.id,
        category: p.tipster.category,
        fixtureId: p.fixtureId,
        publishedAt: dayStart,
        day: utcDay(dayStart),
        bettingType: p.pick.bettingType,
        selection: p.pick.selection,
        reasoningAt: (market) => reasoningOf(p, market),
        modelVersionId: p.version.id,
        hitProbability: p.pick.hitProbability,
        edgeAt: (odds) => modelEdge(p.pick.probabilities, odds),
      });
    }
  }
  return picks;
}
