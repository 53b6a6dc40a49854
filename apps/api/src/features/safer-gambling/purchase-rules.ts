import {
  effectiveLimit,
  formatDollars,
  SAFER_GAMBLING_MESSAGES,
  SPENDING_PERIODS,
  type SpendingPeriod,
  type StoredLimit,
} from '@tips/contract';
import { type AppError, unprocessable } from '../../lib/app-error';

export interface PurchaseGuardState {
  block: { kind: 'TIME_OUT' | 'SELF_EXCLUSION'; endsAt: Date } | null;
  spentCents: Record<SpendingPeriod, number>;
  limits: Array<StoredLimit & { period: SpendingPeriod }>;
}

/** "2026-05-01 14:00 UTC": a date a person reads, the same in every process and email. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Why a purchase of `amountCents` at `now` is refused, or null when it may go ahead. `amountCents`
 * is the money this purchase deposits: 0 for tips paid with credits, which no limit counts (their
 * money was counted when the credits were bought, decision 130), so only a block refuses those.
 */
export function judgePurchase(state: PurchaseGuardState, amountCents: number, now: Date): AppError | null {
  if (state.block) {
    const until = formatUtc(state.block.endsAt);
    return unprocessable(
      state.block.kind === 'TIME_OUT'
        ? SAFER_GAMBLING_MESSAGES.timedOut(until)
        : SAFER_GAMBLING_MESSAGES.selfExcluded(until),
    );
  }
  for (const period of SPENDING_PERIODS) {
    const stored = state.limits.find((limit) => limit.period === period);
    const limit = stored ? effectiveLimit(stored, now) : null;
    const spent = state.spentCents[period];
    if (limit !== null && amountCents > 0 && spent + amountCents > limit) {
      return unprocessable(
        SAFER_GAMBLING_MESSAGES.limitReached(period, formatDollars(limit), formatDollars(spent)),
      );
    }
  }
  return null;
}
