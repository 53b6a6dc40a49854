import {
  type EarningEntryPage,
  type EarningsBreakdownResponse,
  type EarningsEntriesQuery,
  fromCents,
  type PlatformRevenueResponse,
  type TipsterEarnings,
} from '@tips/contract';
import type { Clock } from '../../../lib/clock';
import { limitOffset, toPage } from '../../../lib/paging';
import type { PayoutsRepo } from '../payouts/payouts.repo';
import type { EarningsRepo } from './earnings.repo';
import { DEEPEST_CREDIT_DISCOUNT_PERCENT, type EarningsTerms } from './earnings-rules';

/** What a tipster sees of their earnings, and admins of the platform's revenue (decision 170). */

export interface EarningsReadsDeps {
  earnings: Pick<EarningsRepo, 'balanceOf' | 'listEntries' | 'byMonth' | 'byTip' | 'platformRevenueByMonth'>;
  payouts: Pick<PayoutsRepo, 'payoutAccountOf'>;
  tipsterOf: (userId: number) => Promise<{ tipsterId: number; tipsterName: string }>;
  terms: EarningsTerms;
  clock: Clock;
}

function iso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, mon - 1, 1)), to: new Date(Date.UTC(year, mon, 1)) };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas neutralised. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function createEarningsReads(deps: EarningsReadsDeps) {
  async function summary(userId: number): Promise<TipsterEarnings> {
    const tipster = await deps.tipsterOf(userId);
    const [balance, paypalEmail] = await Promise.all([
      deps.earnings.balanceOf(tipster.tipsterId, { now: deps.clock.now(), holdDays: deps.terms.holdDays }),
      deps.payouts.payoutAccountOf(tipster.tipsterId),
    ]);
    return {
      pending: fromCents(balance.pendingCents),
      available: fromCents(balance.availableCents),
      paidOut: fromCents(balance.paidOutCents),
      sharePercent: deps.terms.sharePercent,
      holdDays: deps.terms.holdDays,
      payoutMinimum: fromCents(deps.terms.payoutMinimumCents),
      creditValueCents: 100 - DEEPEST_CREDIT_DISCOUNT_PERCENT,
      paypalEmail,
    };
  }

  async function entries(userId: number, query: EarningsEntriesQuery): Promise<EarningEntryPage> {
    const tipster = await deps.tipsterOf(userId);
    const range = query.month ? monthRange(query.month) : {};
    const { items, total } = await deps.earnings.listEntries(tipster.tipsterId, {
      ...limitOffset(query),
      ...range,
    });
    return toPage(
      items.map((e) => ({
        id: e.id,
        kind: e.kind,
        amount: fromCents(e.tipsterCents),
        buyerPaid:
          e.kind === 'sale'
            ? fromCents(e.tipsterCents + e.platformCents)
            : e.tipId !== null
              ? fromCents(e.refundCents)
              : null,
        paidWith: e.paidWith,
        tipId: e.tipId,
        match: e.homeTeam !== null ? `${e.homeTeam} vs ${e.awayTeam}` : null,
        payoutId: e.payoutId,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
      query,
    );
  }

  async function breakdown(userId: number): Promise<EarningsBreakdownResponse['data']> {
    const tipster = await deps.tipsterOf(userId);
    const [months, tips] = await Promise.all([
      deps.earnings.byMonth(tipster.tipsterId),
      deps.earnings.byTip(tipster.tipsterId, { limit: 50, offset: 0 }),
    ]);
    return {
      months: months.map((m) => ({
        month: m.month,
        net: fromCents(Number(m.net)),
        sales: Number(m.sales),
        takenBack: Number(m.taken_back),
      })),
      tips: tips.map((t) => ({
        tipId: Number(t.tip_id),
        match: `${t.home_team} vs ${t.away_team}`,
        eventTime: iso(t.event_time),
        settled: t.settled_at !== null,
        net: fromCents(Number(t.net)),
        sales: Number(t.sales),
        takenBack: Number(t.taken_back),
      })),
    };
  }

  /** The month's entries as CSV (UTC dates, dollars), oldest first, with a total line. */
  async function statementCsv(userId: number, month: string): Promise<{ filename: string; csv: string }> {
    const tipster = await deps.tipsterOf(userId);
    const range = monthRange(month);
    const { items } = await deps.earnings.listEntries(tipster.tipsterId, {
      limit: 100_000,
      offset: 0,
      ...range,
    });
    const header = ['date', 'kind', 'tip', 'match', 'paid_with', 'buyer_paid', 'your_share', 'payout'];
    const lines = [header.join(',')];
    let total = 0;
    for (const e of [...items].reverse()) {
      total += e.tipsterCents;
      const buyerPaid =
        e.kind === 'sale' ? e.tipsterCents + e.platformCents : e.tipId !== null ? e.refundCents : null;
      lines.push(
        [
          e.createdAt.toISOString(),
          e.kind,
          e.tipId,
          e.homeTeam !== null ? `${e.homeTeam} vs ${e.awayTeam}` : null,
          e.paidWith,
          buyerPaid === null ? null : fromCents(buyerPaid).toFixed(2),
          fromCents(e.tipsterCents).toFixed(2),
          e.payoutId,
        ]
          .map(csvField)
          .join(','),
      );
    }
    lines.push(['total', '', '', '', '', '', fromCents(total).toFixed(2), ''].map(csvField).join(','));
    const safeName = tipster.tipsterName.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'tipster';
    return { filename: `earnings-${safeName}-${month}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }

  async function platformRevenue(): Promise<PlatformRevenueResponse['data']> {
    const months = await deps.earnings.platformRevenueByMonth();
    return months.map((m) => ({
      month: m.month,
      paid: fromCents(Number(m.paid)),
      tipsterShares: fromCents(Number(m.tipsters)),
      commission: fromCents(Number(m.commission)),
      refunds: fromCents(Number(m.refunds)),
    }));
  }

  return { summary, entries, breakdown, statementCsv, platformRevenue };
}

export type EarningsReads = ReturnType<typeof createEarningsReads>;
