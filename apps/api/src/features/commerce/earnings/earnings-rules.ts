import { CREDIT_PACKS } from '@tips/contract';
import type { AppConfig } from '../../../config/env';

/**
 * How a sale splits into the tipster's share and the platform's commission (decision 170), in
 * integer cents. Pure: the fulfilment, the tests and the portal's figures use the same rule.
 */

export type EarningsTerms = AppConfig['earnings'];

export type PaidWith = 'credits' | 'paypal' | 'manual';

/** The deepest credit-pack discount (25 %): a credit was bought for at least this much less. */
export const DEEPEST_CREDIT_DISCOUNT_PERCENT = Math.max(...CREDIT_PACKS.map((pack) => pack.discount));

/**
 * What a sold line is worth in money: what the buyer paid, in cents. A line paid in credits counts
 * each credit at the price of the cheapest credit (the deepest pack discount), so the platform never
 * shares out money it may not have received; the platform keeps any difference.
 */
export function saleValueCents(priceCents: number, paidWith: PaidWith): number {
  if (paidWith !== 'credits') return priceCents;
  return Math.floor((priceCents * (100 - DEEPEST_CREDIT_DISCOUNT_PERCENT)) / 100);
}

export interface SaleSplit {
  tipsterCents: number;
  platformCents: number;
}

/**
 * The tipster's share (rounded down to the cent) and the platform's commission (the rest), which
 * always add up to the value. A house or AI tipster (no account to pay) earns nothing: all of it is
 * the platform's.
 */
export function splitSale(valueCents: number, sharePercent: number, tipsterHasAccount: boolean): SaleSplit {
  const tipsterCents = tipsterHasAccount ? Math.floor((valueCents * sharePercent) / 100) : 0;
  return { tipsterCents, platformCents: valueCents - tipsterCents };
}

/** The moment before which a settled tip's earnings have passed the hold and are available. */
export function availableCutoff(now: Date, holdDays: number): Date {
  return new Date(now.getTime() - holdDays * 86_400_000);
}

/** A tip sold on an order: who published it and what the buyer paid for it. */
export interface SoldLine {
  tipId: number;
  tipsterId: number;
  tipsterHasAccount: boolean;
  /** What the line cost the buyer, in cents or hundredths of a credit. */
  priceCents: number;
}

/** A sale entry of the earnings ledger: the tipster's share and the platform's commission of one line. */
export interface SaleEntry {
  tipId: number;
  tipsterId: number;
  tipsterCents: number;
  platformCents: number;
}

/**
 * The sale entries of sold lines: one per line that moved money (a free tip, or a house tip sold for
 * nothing, posts none).
 */
export function saleEntries(
  lines: readonly SoldLine[],
  sale: { paidWith: PaidWith; sharePercent: number },
): SaleEntry[] {
  return lines.flatMap((line) => {
    if (line.priceCents <= 0) return [];
    const split = splitSale(
      saleValueCents(line.priceCents, sale.paidWith),
      sale.sharePercent,
      line.tipsterHasAccount,
    );
    if (split.tipsterCents + split.platformCents <= 0) return [];
    return [{ tipId: line.tipId, tipsterId: line.tipsterId, ...split }];
  });
}
