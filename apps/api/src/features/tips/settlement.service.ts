import {
  BACKOFFICE_MESSAGES,
  type BackofficeTip,
  type BackofficeTipPage,
  type CorrectTipBody,
  type MatchScore,
  MESSAGES,
  type SettleMatchBody,
  type SettleMatchResponse,
  type SettleTipBody,
  type SettleTipResponse,
  type SuggestResultResponse,
  type UnsettledMatch,
  type UnsettledTipsQuery,
} from '@tips/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { writeAudit } from '../audit/audit.repo';
import { refundVoidedTipInTx } from '../commerce/refunds/tip-refunds';
import { toBackofficeTip, toBackofficeTips } from './backoffice-tip-view';
import { gradeTipOutcome } from './gradable-selection';
import { gradeOutcome, type Outcome, resultOfOutcome } from './grade-outcome';
import { describeScore } from './grade-selection';
import { type RecordRefreshLog, refreshTipsterRecordsAfterCommit } from './record-refresh';
import {
  correctSettlementInTx,
  type SettledTip,
  type Settlement,
  settleTipWithBuyersInTx,
  type TipResult,
} from './settle-tip.repo';
import {
  findTip,
  listUnsettledMatches,
  listUnsettledTips,
  lockOpenTipsOfMatch,
  type TipRow,
} from './settlement.repo';
import { emailBuyersTheResult } from './tip-result-emails';
import { refreshTipsterRecord } from './tipster-record.repo';

/** The repositories settlement runs on, inside its transactions (fakes in settlement.service.test.ts). */
export interface SettlementRepos {
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  findTip: typeof findTip;
  settleTipWithBuyersInTx: typeof settleTipWithBuyersInTx;
  correctSettlementInTx: typeof correctSettlementInTx;
  lockOpenTipsOfMatch: typeof lockOpenTipsOfMatch;
  emailBuyersTheResult: typeof emailBuyersTheResult;
  writeAudit: typeof writeAudit;
  /** A VOID settlement gives buyers their money back in the same transaction. */
  refundVoidedTipInTx: typeof refundVoidedTipInTx;
  /** After the commit, outside the transaction: the tipster's record row (decision 107). */
  refreshTipsterRecord: typeof refreshTipsterRecord;
}

export interface AdminSettlementDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Runs after a commit that changed what the public catalogue shows; must not throw. */
  onCatalogueChanged: () => Promise<void>;
  /** Default: the real repositories on `db`. */
  repos?: Partial<SettlementRepos>;
  /** Where a failed record refresh after the commit is reported (the refresher repairs the row). */
  log?: RecordRefreshLog;
}

export type AdminSettlementService = ReturnType<typeof createAdminSettlementService>;

const UNSETTLED_MATCHES_LIMIT = 200;

interface ResultInput {
  result?: TipResult;
  resultDetails?: string;
  score?: MatchScore;
}

/**
 * The result a score implies, only for selections in the published formats: anything else (quarter
 * lines, free text from older data) would be graded wrongly, so it is settled by hand.
 */
function gradeFromScore(tip: TipRow, score: MatchScore): Outcome | null {
  return gradeTipOutcome(tip, score);
}

/**
 * An explicit result wins; otherwise the score grades the selection. Details default to the score.
 * The tip is needed only to grade a score (null: the caller passes an explicit result).
 */
function resolveResult(
  tip: TipRow | null,
  input: ResultInput,
): { result: TipResult; outcome: Outcome; resultDetails: string } {
  const fromScore = input.score ? describeScore(input.score) : '';
  if (input.result)
    return { result: input.result, outcome: input.result, resultDetails: input.resultDetails || fromScore };
  if (!input.score) throw unprocessable(BACKOFFICE_MESSAGES.resultOrScoreRequired);
  const graded = tip && gradeFromScore(tip, input.score);
  if (!graded) throw unprocessable(BACKOFFICE_MESSAGES.cannotGrade);
  return {
    result: resultOfOutcome(graded),
    outcome: graded,
    resultDetails: input.resultDetails || fromScore,
  };
}

/** What the audit log keeps of a settlement. */
function settlementState(tip: SettledTip, score?: MatchScore) {
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

/**
 * Settlement: one service for every caller (admins' settlements and corrections today, the
 * automatic settler next). It decides what may be settled and writes the result, the aggregates
 * (in the settling statement), the buyers' emails and the audit row in one transaction; the
 * tipster's record row is marked changed in it and refreshed after the commit (decision 107).
 */
export function createAdminSettlementService(deps: AdminSettlementDeps) {
  const { db, clock } = deps;
  const repos: SettlementRepos = {
    transaction: (work) => db.transaction(work),
    findTip,
    settleTipWithBuyersInTx,
    correctSettlementInTx,
    lockOpenTipsOfMatch,
    emailBuyersTheResult,
    writeAudit,
    refundVoidedTipInTx,
    refreshTipsterRecord,
    ...deps.repos,
  };

  /**
   * After the commit: the record rows (runs, drawdown, units series, luck) of the tipsters whose
   * tips were settled, before the request answers and before the catalogue cache is emptied, so
   * the next profile read shows them (decision 107). Never throws: the settlement has committed.
   */
  const refreshRecords = (tipsterIds: Iterable<number>) =>
    refreshTipsterRecordsAfterCommit(db, tipsterIds, { refresh: repos.refreshTipsterRecord, log: deps.log });
  const asAdmin = (adminId: number) => ({ userId: adminId, isAdmin: true });

  /**
   * The response's tip, built from what the settling statements returned rather than read again:
   * the same row, the tipster after its last results were refreshed, and whether the admin is
   * among the buyers.
   */
  function backofficeTip({ tip, tipster, buyers }: Settlement, adminId: number): BackofficeTip {
    const owned = new Set(buyers.some((b) => b.userId === adminId) ? [tip.id] : []);
    return toBackofficeTip({ tip, tipster }, asAdmin(adminId), owned);
  }

  function assertKickedOff(eventTime: Date, now: Date) {
    if (eventTime.getTime() > now.getTime()) throw unprocessable(BACKOFFICE_MESSAGES.notKickedOff);
  }

  /** A tip that can be settled now, read to grade a score against its selection. */
  async function settleableTip(tx: DbOrTx, tipId: number, now: Date): Promise<TipRow> {
    const tip = await repos.findTip(tx, tipId);
    if (!tip) throw notFound(MESSAGES.tipNotFound);
    assertKickedOff(tip.eventTime, now);
    if (tip.result) throw conflict('This tip has already been settled');
    return tip;
  }

  /**
   * Settles one tip: aggregates, buyers' emails and the audit row commit together. With an explicit
   * result the tip is not read first: the settling statement checks that it exists, has kicked
   * off and is open, and returns its buyers (5 round trips with BEGIN and COMMIT, 6 with buyers).
   */
  async function settleTip(adminId: number, tipId: number, body: SettleTipBody): Promise<SettleTipResponse> {
    const now = clock.now();
    const response = await repos.transaction(async (tx) => {
      const tip = body.result ? null : await settleableTip(tx, tipId, now);
      const { result, outcome, resultDetails } = resolveResult(tip, body);
      const settlement = await repos.settleTipWithBuyersInTx(tx, {
        tipId,
        result,
        outcome,
        resultDetails,
        settledBy: adminId,
        now,
        kickedOffBy: now,
      });
      const emailsQueued = await repos.emailBuyersTheResult(
        tx,
        settlement.tip,
        settlement.buyers,
        deps.publicUrl,
        {
          kind: 'settled',
        },
      );
      if (outcome === 'VOID')
        await repos.refundVoidedTipInTx(tx, settlement.tip, { now, publicUrl: deps.publicUrl });
      await repos.writeAudit(tx, {
        actorUserId: adminId,
        action: 'tip.settle',
        entity: 'tip',
        entityId: tipId,
        before: { result: null },
        after: settlementState(settlement.tip, body.score),
        now,
      });
      return { data: backofficeTip(settlement, adminId), emailsQueued, tipsterId: settlement.tip.tipsterId };
    });
    await refreshRecords([response.tipsterId]);
    await deps.onCatalogueChanged();
    return { data: response.data, emailsQueued: response.emailsQueued };
  }

  /** The result a final score implies for this tip, without settling anything. */
  async function suggestResult(tipId: number, score: MatchScore): Promise<SuggestResultResponse> {
    const tip = await repos.findTip(db, tipId);
    if (!tip) throw notFound(MESSAGES.tipNotFound);
    const outcome = gradeOutcome(tip.bettingType, tip.selection, score);
    return {
      result: outcome && resultOfOutcome(outcome),
      resultDetails: describeScore(score),
    };
  }

  /**
   * Settles every open tip of one match from its final score, in one transaction. Tips whose
   * selection cannot be graded are left open and reported, for one-by-one settlement.
   */
  async function settleMatch(adminId: number, body: SettleMatchBody): Promise<SettleMatchResponse> {
    const now = clock.now();
    const eventTime = new Date(body.eventTime);
    assertKickedOff(eventTime, now);
    const response = await repos.transaction(async (tx) => {
      const open = await repos.lockOpenTipsOfMatch(tx, {
        homeTeam: body.homeTeam,
        awayTeam: body.awayTeam,
        eventTime,
      });
      if (open.length === 0) throw notFound(BACKOFFICE_MESSAGES.noOpenTipsForMatch);
      const out: SettleMatchResponse = { settled: [], skipped: [], emailsQueued: 0 };
      const tipsterIds = new Set<number>();
      const resultDetails = describeScore(body.score);
      for (const tip of open) {
        const outcome = gradeFromScore(tip, body.score);
        if (!outcome) {
          out.skipped.push({ tipId: tip.id, reason: BACKOFFICE_MESSAGES.cannotGrade });
          continue;
        }
        const result = resultOfOutcome(outcome);
        const { tip: settled, buyers } = await repos.settleTipWithBuyersInTx(tx, {
          tipId: tip.id,
          outcome,
          resultDetails,
          settledBy: adminId,
          now,
        });
        out.emailsQueued += await repos.emailBuyersTheResult(tx, settled, buyers, deps.publicUrl, {
          kind: 'settled',
        });
        if (outcome === 'VOID')
          await repos.refundVoidedTipInTx(tx, settled, { now, publicUrl: deps.publicUrl });
        await repos.writeAudit(tx, {
          actorUserId: adminId,
          action: 'tip.settle',
          entity: 'tip',
          entityId: tip.id,
          before: { result: null },
          after: { ...settlementState(settled, body.score), byMatch: true },
          now,
        });
        out.settled.push({ tipId: tip.id, result });
        tipsterIds.add(settled.tipsterId);
      }
      return { out, tipsterIds };
    });
    await refreshRecords(response.tipsterIds);
    if (response.out.settled.length > 0) await deps.onCatalogueChanged();
    return response.out;
  }

  /** Replaces a wrong settlement: aggregates re-applied, audited with the reason, buyers told. */
  async function correctTip(
    adminId: number,
    tipId: number,
    body: CorrectTipBody,
  ): Promise<SettleTipResponse> {
    const now = clock.now();
    const response = await repos.transaction(async (tx) => {
      const tip = await repos.findTip(tx, tipId);
      if (!tip) throw notFound(MESSAGES.tipNotFound);
      if (!tip.result) throw conflict('This tip has not been settled yet');
      const { result, outcome, resultDetails } = resolveResult(tip, body);
      if (
        result === tip.result &&
        outcome === (tip.outcome ?? tip.result) &&
        resultDetails === tip.resultDetails
      ) {
        throw unprocessable(BACKOFFICE_MESSAGES.correctionChangesNothing);
      }
      const settlement = await repos.correctSettlementInTx(tx, {
        tipId,
        result,
        outcome,
        resultDetails,
        settledBy: adminId,
        now,
      });
      if (outcome === 'VOID')
        await repos.refundVoidedTipInTx(tx, settlement.after, { now, publicUrl: deps.publicUrl });
      const correctionId = await repos.writeAudit(tx, {
        actorUserId: adminId,
        action: 'tip.correct',
        entity: 'tip',
        entityId: tipId,
        before: settlementState(settlement.before),
        after: settlementState(settlement.after, body.score),
        reason: body.reason,
        now,
      });
      const emailsQueued = await repos.emailBuyersTheResult(
        tx,
        settlement.after,
        settlement.buyers,
        deps.publicUrl,
        {
          kind: 'corrected',
          correctionId,
        },
      );
      return { data: backofficeTip(settlement, adminId), emailsQueued, tipsterId: settlement.tip.tipsterId };
    });
    await refreshRecords([response.tipsterId]);
    await deps.onCatalogueChanged();
    return { data: response.data, emailsQueued: response.emailsQueued };
  }

  async function listUnsettled(adminId: number, query: UnsettledTipsQuery): Promise<BackofficeTipPage> {
    const { rows, total } = await listUnsettledTips(db, clock.now(), limitOffset(query));
    return toPage(await toBackofficeTips(db, rows, asAdmin(adminId)), total, query);
  }

  async function listUnsettledMatchList(): Promise<UnsettledMatch[]> {
    const rows = await listUnsettledMatches(db, clock.now(), UNSETTLED_MATCHES_LIMIT);
    return rows.map((r) => ({ ...r, eventTime: r.eventTime.toISOString() }));
  }

  return {
    settleTip,
    suggestResult,
    settleMatch,
    correctTip,
    listUnsettled,
    listUnsettledMatches: listUnsettledMatchList,
  };
}
