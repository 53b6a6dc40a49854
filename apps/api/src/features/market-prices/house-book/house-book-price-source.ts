import type { DbOrTx } from '../../../db/client';
import { playedMatchesOf } from '../market-prices.repo';
import type { FixtureBatch, PriceSourcePort } from '../price-source.port';
import { fitHouseModel, type HouseModel, houseBookQuotes } from './house-book';

/** Results older than this do not move today's ratings enough to be worth reading. */
const HISTORY_MS = 3 * 365 * 86_400_000;

/**
 * The house book as a price source (decision 136): the model of a competition is fitted from the
 * database's finished fixtures at each refresh (once per competition per refresh) and prices every
 * fixture of the batch.
 */
export function createHouseBookPriceSource(opts: { db: DbOrTx; minPollMs: number }): PriceSourcePort {
  let round = { at: 0, models: new Map<string, Promise<HouseModel>>() };
  function modelOf(competitionCode: string, now: Date): Promise<HouseModel> {
    if (round.at !== now.getTime()) round = { at: now.getTime(), models: new Map() };
    let model = round.models.get(competitionCode);
    if (!model) {
      model = playedMatchesOf(opts.db, competitionCode, new Date(now.getTime() - HISTORY_MS), now).then(
        (matches) => fitHouseModel(matches, now, competitionCode),
      );
      round.models.set(competitionCode, model);
    }
    return model;
  }
  return {
    kind: 'house-book',
    minPollMs: opts.minPollMs,
    async pricesFor(batch: FixtureBatch, now: Date) {
      if (batch.fixtures.length === 0) return [];
      const model = await modelOf(batch.competitionCode, now);
      return batch.fixtures.flatMap((fixture) => houseBookQuotes(fixture, model));
    },
  };
}
