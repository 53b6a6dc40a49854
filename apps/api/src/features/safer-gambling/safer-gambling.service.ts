import {
  addMonths,
  effectiveLimit,
  fromCents,
  nextLimit,
  SAFER_GAMBLING_MESSAGES,
  type SaferGamblingState,
  SPENDING_PERIODS,
  type SpendingPeriod,
  toCents,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { unprocessable } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { readPurchaseGuard } from './purchase-guard.repo';
import { findActiveBlock, lockLimit, saveLimit, startBlock } from './safer-gambling.repo';

export type SaferGamblingService = ReturnType<typeof createSaferGamblingService>;

/**
 * The user's own tools: spending limits (a cut at once, a raise after 24 hours), a time-out and a
 * self-exclusion (neither can be shortened, by the user or by an admin: there is no such call).
 * Enforcement lives in purchase-guard.repo.ts, inside every purchase's transaction.
 */
export function createSaferGamblingService({ db, clock }: { db: Db; clock: Clock }) {
  async function stateOf(userId: number): Promise<SaferGamblingState> {
    const now = clock.now();
    const [guard, block] = await Promise.all([
      readPurchaseGuard(db, userId, now),
      findActiveBlock(db, userId, now),
    ]);
    return {
      limits: SPENDING_PERIODS.map((period) => {
        const stored = guard.limits.find((limit) => limit.period === period);
        const limit = stored ? effectiveLimit(stored, now) : null;
        const isPending = stored?.pendingFrom != null && stored.pendingFrom > now;
        return {
          period,
          limit: limit === null ? null : fromCents(limit),
          spent: fromCents(guard.spentCents[period]),
          pending:
            isPending && stored?.pendingFrom
              ? {
                  limit: stored.pendingLimitCents === null ? null : fromCents(stored.pendingLimitCents),
                  from: stored.pendingFrom.toISOString(),
                }
              : null,
        };
      }),
      block: block
        ? { kind: block.kind, startedAt: block.startedAt.toISOString(), endsAt: block.endsAt.toISOString() }
        : null,
    };
  }

  async function setLimit(userId: number, period: SpendingPeriod, limit: number | null) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const stored = await lockLimit(tx, userId, period);
      await saveLimit(
        tx,
        userId,
        period,
        nextLimit(stored, limit === null ? null : toCents(limit), now),
        now,
      );
    });
    return stateOf(userId);
  }

  async function block(userId: number, kind: 'TIME_OUT' | 'SELF_EXCLUSION', endsAt: Date) {
    const isStarted = await startBlock(db, userId, { kind, startedAt: clock.now(), endsAt });
    if (!isStarted) throw unprocessable(SAFER_GAMBLING_MESSAGES.blockCannotShorten);
    return stateOf(userId);
  }

  return {
    stateOf,
    setLimit,
    startTimeOut: (userId: number, hours: number) =>
      block(userId, 'TIME_OUT', new Date(clock.now().getTime() + hours * 3600_000)),
    selfExclude: (userId: number, months: number) =>
      block(userId, 'SELF_EXCLUSION', addMonths(clock.now(), months)),
  };
}
