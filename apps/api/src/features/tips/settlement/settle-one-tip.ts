import type { MatchScore } from '@tips/contract';
import type { SettlementHook } from '../../../app-types';
import type { Tx } from '../../../db/client';
import type { writeAudit } from '../../audit/audit.repo';
import type { Outcome } from './grading/grade-outcome';
import type { SettledTip, Settlement, SettleTipRepo, TipResult } from './settle-tip.repo';
import type { emailBuyersTheResult } from './tip-result-emails';

/**
 * The one implementation of settling a tip (decision 108). Every path — an admin's settlement of a
 * tip or of a whole match, a correction, the automatic settler — calls `settle` or `correct` inside
 * its own transaction, and `createAfterSettlement` (after-settlement.ts) once it has committed.
 * A new settlement rule is written here once; a new domain that reacts to settlements registers a
 * hook (app-types.ts `SettlementHook`) in the composition root instead of being imported here.
 *
 * In the transaction, in this order: the tip's row, its tipster's aggregates and the mark on its
 * record row (one statement, settle-tip.repo.ts); the buyers' result emails; the hooks (commerce
 * refunds a voided tip's buyers); the audit row. A correction emails after the audit row, whose id
 * its emails carry.
 */

export interface SettleRequest {
  tipId: number;
  outcome: Outcome;
  /** An admin's explicit result (it must agree with the outcome). */
  result?: TipResult;
  resultDetails: string;
  /** The admin, or null for the automatic settler. */
  settledBy: number | null;
  now: Date;
  /** Refuse (422) a tip whose match kicks off after this instant. */
  kickedOffBy?: Date;
  audit: {
    action: 'tip.settle' | 'tip.auto_settle';
    /** The final score the admin gave, kept in the audit row. */
    score?: MatchScore;
    /** More to keep in the audit row (the fixture, whole-match settlement). */
    details?: Record<string, unknown>;
  };
}

export interface CorrectRequest {
  tipId: number;
  outcome: Outcome;
  result: TipResult;
  resultDetails: string;
  settledBy: number;
  now: Date;
  reason: string;
  score?: MatchScore;
}

export interface TipSettlerDeps {
  repo: Pick<SettleTipRepo, 'settleTipWithBuyers' | 'correctSettlement'>;
  emailBuyersTheResult: typeof emailBuyersTheResult;
  writeAudit: typeof writeAudit;
  hooks: readonly SettlementHook[];
  publicUrl: string;
}

export interface SettledInTx {
  settlement: Settlement;
  emailsQueued: number;
  /** What each hook reported, by its name (also in the audit row). */
  reports: Record<string, Record<string, number>>;
}

/** What the audit log keeps of a settlement. */
export function settlementState(tip: SettledTip, score?: MatchScore) {
  return {
    result: tip.result,
    // A half win or half loss says so; a whole outcome is its result.
    ...(tip.outcome && tip.outcome !== tip.result ? { outcome: tip.outcome } : {}),
    resultDetails: tip.resultDetails,
    settledAt: tip.settledAt?.toISOString() ?? null,
    settledBy: tip.settledBy,
    ...(score ? { score } : {}),
  };
}

export type TipSettler = ReturnType<typeof createTipSettler>;

export function createTipSettler(deps: TipSettlerDeps) {
  /** Each hook in turn; what they report is kept in the audit row under their names. */
  async function runHooks(
    tx: Tx,
    event: { kind: 'settled' | 'corrected'; tip: SettledTip; before: SettledTip | null; now: Date },
  ) {
    const reports: Record<string, Record<string, number>> = {};
    for (const hook of deps.hooks) {
      const report = await hook.inTransaction({ tx, ...event });
      if (report) reports[hook.name] = report;
    }
    return reports;
  }

  /** Settles one open tip in the caller's transaction (409 settled, 404 unknown, 422 not kicked off). */
  async function settle(tx: Tx, request: SettleRequest): Promise<SettledInTx> {
    const settlement = await deps.repo.settleTipWithBuyers(
      {
        tipId: request.tipId,
        outcome: request.outcome,
        ...(request.result ? { result: request.result } : {}),
        resultDetails: request.resultDetails,
        settledBy: request.settledBy,
        now: request.now,
        kickedOffBy: request.kickedOffBy,
      },
      tx,
    );
    const emailsQueued = await deps.emailBuyersTheResult(
      tx,
      settlement.tip,
      settlement.buyers,
      deps.publicUrl,
      { kind: 'settled' },
    );
    const reports = await runHooks(tx, {
      kind: 'settled',
      tip: settlement.tip,
      before: null,
      now: request.now,
    });
    await deps.writeAudit(tx, {
      actorUserId: request.settledBy,
      action: request.audit.action,
      entity: 'tip',
      entityId: request.tipId,
      before: { result: null },
      after: {
        ...settlementState(settlement.tip, request.audit.score),
        ...request.audit.details,
        ...reports,
      },
      now: request.now,
    });
    return { settlement, emailsQueued, reports };
  }

  /** Replaces a settled tip's result in the caller's transaction: audited with the reason, buyers told. */
  async function correct(tx: Tx, request: CorrectRequest): Promise<SettledInTx> {
    const settlement = await deps.repo.correctSettlement(
      {
        tipId: request.tipId,
        result: request.result,
        outcome: request.outcome,
        resultDetails: request.resultDetails,
        settledBy: request.settledBy,
        now: request.now,
      },
      tx,
    );
    const reports = await runHooks(tx, {
      kind: 'corrected',
      tip: settlement.after,
      before: settlement.before,
      now: request.now,
    });
    const correctionId = await deps.writeAudit(tx, {
      actorUserId: request.settledBy,
      action: 'tip.correct',
      entity: 'tip',
      entityId: request.tipId,
      before: settlementState(settlement.before),
      after: { ...settlementState(settlement.after, request.score), ...reports },
      reason: request.reason,
      now: request.now,
    });
    const emailsQueued = await deps.emailBuyersTheResult(
      tx,
      settlement.after,
      settlement.buyers,
      deps.publicUrl,
      { kind: 'corrected', correctionId },
    );
    return { settlement, emailsQueued, reports };
  }

  return { settle, correct };
}
