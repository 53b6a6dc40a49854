import { clvPpm, overroundPpm } from '@tips/contract/record/clv';
import type { Tx } from '../../../db/client';
import type { RunInTransaction } from '../../../db/transactions';
import type { Clock } from '../../../lib/clock';
import type { Closing, ClosingPricesRepo } from './closing-prices.repo';

/**
 * Closing prices (decision 155): once a fixture kicks off, each of its open tips gets the last price
 * before kick-off of its selection (the best across bookmakers, as `lastPriceBefore` answers) and
 * its CLV against that price with the bookmaker's margin removed proportionally; a selection with
 * no price current at kick-off is closed as 'no_price'. Each tip is closed in its own transaction
 * by a conditional UPDATE, so concurrent closers (several API processes, the settlement hook) close
 * it once.
 */

/** The closing-price read of the market prices domain (AppServices.marketPrices). */
export interface ClosingPriceSource {
  lastPriceBefore(
    fixtureId: number,
    bettingType: number,
    selection: string,
    kickoff: Date,
  ): Promise<{
    oddsHundredths: number;
    checkedAt: Date;
    market: Array<{ selection: string; oddsHundredths: number }>;
  } | null>;
}

/** How far back the worker looks for kicked-off fixtures (a longer outage is closed by settlement). */
export const CLOSING_LOOKBACK_MS = 48 * 3_600_000;

export interface ClosingReport {
  closed: number;
  noPrice: number;
}

/** The closing of a tip taken at `takenHundredths` from the selection's last price before kick-off. */
export function closingOf(
  takenHundredths: number,
  price: Awaited<ReturnType<ClosingPriceSource['lastPriceBefore']>>,
  kickoff: Date,
): Closing {
  if (!price) return { status: 'no_price' };
  // The bookmaker's whole market at the close; the tip's own selection counts once.
  const overround = overroundPpm(price.market.map((m) => m.oddsHundredths));
  return {
    status: 'closed',
    oddsHundredths: price.oddsHundredths,
    priceAt: price.checkedAt < kickoff ? price.checkedAt : kickoff,
    overroundPpm: overround,
    clvPpm: clvPpm(takenHundredths, price.oddsHundredths, overround),
  };
}

/** What the settlement hook reads of the tip it closes. */
export interface TipToClose {
  id: number;
  fixtureId: number | null;
  bettingType: number;
  selection: string;
  oddsHundredths: number;
  eventTime: Date;
  closingStatus: string | null;
}

/**
 * Closes one tip inside the caller's transaction (the settlement hook) if it kicked off and is not
 * closed yet: the same rule as the worker. The status written, or null when nothing was to do.
 */
export async function closeTipInTransaction(
  deps: { repo: Pick<ClosingPricesRepo, 'closeTip'>; prices: ClosingPriceSource },
  tx: Tx,
  tip: TipToClose,
  now: Date,
): Promise<Closing['status'] | null> {
  if (tip.closingStatus !== null || tip.fixtureId === null || tip.eventTime > now) return null;
  const price = await deps.prices.lastPriceBefore(
    tip.fixtureId,
    tip.bettingType,
    tip.selection,
    tip.eventTime,
  );
  const closing = closingOf(tip.oddsHundredths, price, tip.eventTime);
  return (await deps.repo.closeTip(tx, tip.id, closing, now)) ? closing.status : null;
}

export function createClosingPrices(deps: {
  transaction: RunInTransaction;
  repo: ClosingPricesRepo;
  prices: ClosingPriceSource;
  clock: Clock;
}) {
  const { repo, prices, clock } = deps;

  /** Closes every unclosed open tip of one fixture that kicked off at `kickoff`. */
  async function closeFixture(fixtureId: number, kickoff: Date): Promise<ClosingReport> {
    const report: ClosingReport = { closed: 0, noPrice: 0 };
    const tips = await repo.unclosedTipsOfFixture(fixtureId);
    const priceOf = new Map<string, ReturnType<ClosingPriceSource['lastPriceBefore']>>();
    for (const tip of tips) {
      // One read per selection, however many tips share it.
      const key = `${tip.bettingType}|${tip.selection}`;
      if (!priceOf.has(key)) {
        priceOf.set(key, prices.lastPriceBefore(fixtureId, tip.bettingType, tip.selection, kickoff));
      }
      const closing = closingOf(tip.oddsHundredths, (await priceOf.get(key)) ?? null, kickoff);
      const done = await deps.transaction((tx) => repo.closeTip(tx, tip.id, closing, clock.now()));
      if (done) report[closing.status === 'closed' ? 'closed' : 'noPrice']++;
    }
    return report;
  }

  return {
    closeFixture,
    /** One pass of the worker: every fixture that kicked off within the lookback. */
    async closeDue(opts: { batch?: number } = {}): Promise<ClosingReport> {
      const now = clock.now();
      const due = await repo.dueFixtures(
        now,
        new Date(now.getTime() - CLOSING_LOOKBACK_MS),
        opts.batch ?? 100,
      );
      const total: ClosingReport = { closed: 0, noPrice: 0 };
      for (const fixture of due) {
        const report = await closeFixture(fixture.fixtureId, fixture.kickoffAt);
        total.closed += report.closed;
        total.noPrice += report.noPrice;
      }
      return total;
    },
  };
}

export type ClosingPrices = ReturnType<typeof createClosingPrices>;
