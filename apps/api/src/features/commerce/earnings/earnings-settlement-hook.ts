import type { SettlementHook } from '../../../app-types';
import type { Db } from '../../../db/client';
import { createEarningsRepo, type EarningsRepo } from './earnings.repo';

/**
 * Earnings' subscriber to settlements (registered in app.ts, decision 170). A tip's sales stay
 * pending until it settles and the hold passes (read from tips.settled_at, so nothing moves here);
 * a tip settled or corrected to VOID gives its buyers their money back (the refund hook), so its
 * tipster's share and the commission are taken back in the same transaction, once per sale.
 * A tip corrected away from VOID keeps its take-backs, as its buyers keep their refunds.
 */
export function earningsSettlementHook(repo: Pick<EarningsRepo, 'takeBack'>): SettlementHook {
  return {
    name: 'earnings',
    async inTransaction({ tx, tip, now }) {
      if (tip.outcome !== 'VOID') return undefined;
      return { takenBack: await repo.takeBack({ kind: 'void', tipId: tip.id, now }, tx) };
    },
  };
}

export function earningsSettlementHookOn(db: Db): SettlementHook {
  return earningsSettlementHook(createEarningsRepo(db));
}
