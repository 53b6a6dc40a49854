import { BACKOFFICE_MESSAGES, type FixtureOdds } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MarketPriceReader } from './market-price-reader';
import { findFixtureKickoff } from './market-prices.repo';

/** GET /fixtures/{id}/odds: the best current price of every selection, while the match is to come. */
export function createMarketPricesService(deps: {
  db: DbOrTx;
  clock: Clock;
  prices: MarketPriceReader;
  /**
   * Prices one upcoming fixture now, when the house book is the source and it has no current
   * price (a match imported since the last refresh): the publish form asks for its odds first
   * (decision 150). Absent with a real feed, whose quota is polled per league and day only.
   */
  priceNow?: (fixtureId: number, now: Date) => Promise<void>;
}) {
  const { db, clock, prices: reader } = deps;
  return {
    async fixtureOdds(fixtureId: number): Promise<FixtureOdds> {
      const fixture = await findFixtureKickoff(db, fixtureId);
      if (!fixture) throw notFound(BACKOFFICE_MESSAGES.fixtureNotFound);
      const now = clock.now();
      const open = fixture.status === 'scheduled' && fixture.kickoffAt.getTime() > now.getTime();
      let prices = open ? await reader.currentPrices(fixtureId, now) : [];
      if (open && prices.length === 0 && deps.priceNow) {
        await deps.priceNow(fixtureId, now);
        prices = await reader.currentPrices(fixtureId, now);
      }
      const newest = prices.reduce<Date | null>(
        (max, p) => (!max || p.checkedAt > max ? p.checkedAt : max),
        null,
      );
      return {
        fixtureId,
        source: reader.source,
        updatedAt: newest?.toISOString() ?? null,
        markets: prices.map((p) => ({
          bettingType: p.bettingType as FixtureOdds['markets'][number]['bettingType'],
          selection: p.selection,
          odds: p.oddsHundredths / 100,
          bookmaker: p.bookmaker,
          updatedAt: p.checkedAt.toISOString(),
        })),
      };
    },
  };
}

export type MarketPricesService = ReturnType<typeof createMarketPricesService>;
