import {
  fitHouseModel,
  HOUSE_BOOK_NAME,
  type HouseModel,
  houseBookQuotes,
} from '../../features/market-prices/house-book/house-book';
import { marketSelectionsOf, playedMatchesOf } from '../../features/market-prices/market-prices.repo';
import { fairProbabilityPpm } from '../../features/tips/reference-price';
import type { DbOrTx } from '../client';
import type { DemoFixture } from './demo-fixtures';

/** What a seeded tip keeps of the house book's price at its publication (decision 150). */
export interface SeedReference {
  oddsHundredths: number;
  referenceOddsHundredths: number;
  referenceBookmaker: string;
  referenceSource: 'house-book';
  referenceAt: Date;
  referenceFairPpm: number;
}

/** The house book's price of a selection and its whole market at one instant. */
export interface HousePrice {
  oddsHundredths: number;
  market: Array<{ selection: string; oddsHundredths: number }>;
}

const DAY_MS = 86_400_000;
const HISTORY_MS = 3 * 365 * DAY_MS;

/**
 * The demo's tips get reference prices from the house book at their own publish times, so every
 * figure on the demo follows the rule live tips do: the house model of the competition fitted on
 * the results known at the start of the publication's UTC day (one fit per competition and day),
 * the tip's selection priced from it, and the tip taken at that price. Null when the house book
 * does not offer the selection then (the seed leaves such a tip out). `housePriceOf` is the same
 * price with its market, which the seed's closing prices are read from at kick-off.
 */
export function createHouseReferences(db: DbOrTx) {
  const played = new Map<string, ReturnType<typeof playedMatchesOf>>();
  const models = new Map<string, HouseModel>();
  const quotesOf = new Map<string, ReturnType<typeof houseBookQuotes>>();
  async function modelOf(code: string, at: Date): Promise<HouseModel> {
    const day = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
    const key = `${code}|${day.getTime()}`;
    const cached = models.get(key);
    if (cached) return cached;
    let matches = played.get(code);
    if (!matches) {
      // Every result up to now, read once per competition; each fit keeps those known by its day.
      matches = playedMatchesOf(db, code, new Date(0), new Date('9999-12-31T00:00:00Z'));
      played.set(code, matches);
    }
    const all = await matches;
    const model = fitHouseModel(
      all.filter((m) => m.kickoffAt.getTime() >= day.getTime() - HISTORY_MS),
      day,
      code,
    );
    models.set(key, model);
    return model;
  }
  /** The house book's price of a selection at `at`, with its market (the closing rule's input). */
  async function housePriceOf(
    f: DemoFixture,
    bettingType: number,
    selection: string,
    at: Date,
  ): Promise<HousePrice | null> {
    const model = await modelOf(f.competitionCode, at);
    // One pricing of a fixture per model (per UTC day, as the model), however many tips are on it.
    const quoteKey = `${f.id}|${Math.floor(at.getTime() / DAY_MS)}`;
    let all = quotesOf.get(quoteKey);
    if (!all) {
      all = houseBookQuotes(
        {
          id: f.id,
          competitionCode: f.competitionCode,
          kickoffAt: f.kickoffAt,
          homeTeamId: f.homeTeamId,
          awayTeamId: f.awayTeamId,
          homeTeam: f.homeTeam,
          awayTeam: f.awayTeam,
          homeAliases: [],
          awayAliases: [],
        },
        model,
      );
      quotesOf.set(quoteKey, all);
    }
    const quotes = all.filter((q) => q.bettingType === bettingType);
    const price = quotes.find((q) => q.selection === selection);
    if (!price) return null;
    const legs = marketSelectionsOf(bettingType, selection);
    const market = quotes
      .filter((q) => legs === null || legs.includes(q.selection))
      .map((q) => ({ selection: q.selection, oddsHundredths: q.oddsHundredths }));
    return { oddsHundredths: price.oddsHundredths, market };
  }
  async function referenceOf(
    f: DemoFixture,
    bettingType: number,
    selection: string,
    publishedAt: Date,
  ): Promise<SeedReference | null> {
    const price = await housePriceOf(f, bettingType, selection, publishedAt);
    if (!price) return null;
    return {
      oddsHundredths: price.oddsHundredths,
      referenceOddsHundredths: price.oddsHundredths,
      referenceBookmaker: HOUSE_BOOK_NAME,
      referenceSource: 'house-book',
      referenceAt: publishedAt,
      referenceFairPpm: fairProbabilityPpm(price),
    };
  }
  return { referenceOf, housePriceOf };
}
