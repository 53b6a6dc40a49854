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
import type { RunInTransaction } from '../../../db/transactions';
import { conflict, notFound, unprocessable } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { limitOffset, toPage } from '../../../lib/paging';
import { toBackofficeTip, type toBackofficeTips } from '../backoffice-tip-view';
import type { TipWithTipster, Viewer } from '../tip-view';
import type { AfterSettlement } from './after-settlement';
import { gradeTipOutcome } from './grading/gradable-selection';
import { describeScore, gradeOutcome, type Outcome, resultOfOutcome } from './grading/grade-outcome';
import type { TipSettler } from './settle-one-tip';
import type { Settlement, TipResult } from './settle-tip.repo';
import type { SettlementReads, TipRow } from './settlement.repo';

export interface AdminSettlementDeps {
  transaction: RunInTransaction;
  reads: Pick<
    SettlementReads,
    'findTip' | 'listUnsettledTips' | 'listUnsettledMatches' | 'lockOpenTipsOfMatch'
  >;
  settler: Pick<TipSettler, 'settle' | 'correct'>;
  afterSettlement: AfterSettlement;
  /** The back office's view of a page of tips (the viewer's purchases read once). */
  backofficeTips: (rows: TipWithTipster[], viewer: Viewer) => ReturnType<typeof toBackofficeTips>;
  clock: Clock;
}

export type AdminSettlementService = ReturnType<typeof createAdminSettlementService>;

const UNSETTLED_MATCHES_LIMIT = 200;

interface ResultInput {
  result?: TipResult;
  resultDetails?: string;
  score?: MatchScore;
}

/**
 * An explicit result wins; otherwise the score grades the selection (only selections in the
 * published formats or canonical quarter lines: anything else is settled by hand). Details default
 * to the score. The tip is needed only to grade a score (null: the caller passes an explicit result).
 */
function resolveResult(
  tip: TipRow | null,
  input: ResultInput,
): { result: TipResult; outcome: Outcome; resultDetails: string } {
  const fromScore = input.score ? describeScore(input.score) : '';
  if (input.result)
    return { result: input.result, outcome: input.result, resultDetails: input.resultDetails || fromScore };
  if (!input.score) throw unprocessable(BACKOFFICE_MESSAGES.resultOrScoreRequired);
  const graded = tip && gradeTipOutcome(tip, input.score);
  if (!graded) throw unprocessable(BACKOFFICE_MESSAGES.cannotGrade);
  return {
    result: resultOfOutcome(graded),
    outcome: graded,
    resultDetails: input.resultDetails || fromScore,
  };
}

/**
 * Admins' settlement: a tip, a whole match, a correction, and the lists of what is left to settle.
 * Each decides what may be settled, then settles through the one pipeline (settle-one-tip.ts) in
 * one transaction, then runs the after-commit step (after-settlement.ts) before answering.
 */
export function createAdminSettlementService(deps: AdminSettlementDeps) {
  const { clock, reads, settler } = deps;
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

  /**
   * Settles one tip. With an explicit result the tip is not read first: the settling statement
   * checks that it exists, has kicked off and is open (5 round trips with BEGIN and COMMIT, 6 with
   * buyers); a score is graded against the tip, read first.
   */
  async function settleTip(adminId: number, tipId: number, body: SettleTipBody): Promise<SettleTipResponse> {
    const now = clock.now();
    const { settlement, emailsQueued } = await deps.transaction(async (tx) => {
      let tip: TipRow | null = null;
      if (!body.result) {
        tip = (await reads.findTip(tipId, tx)) ?? null;
        if (!tip) throw notFound(MESSAGES.tipNotFound);
        assertKickedOff(tip.eventTime, now);
        if (tip.result) throw conflict('This tip has already been settled');
      }
      const { result, outcome, resultDetails } = resolveResult(tip, body);
      return settler.settle(tx, {
        tipId,
        result,
        outcome,
        resultDetails,
        settledBy: adminId,
        now,
        kickedOffBy: now,
        audit: { action: 'tip.settle', score: body.score },
      });
    });
    await deps.afterSettlement([settlement.tip]);
    return { data: backofficeTip(settlement, adminId), emailsQueued };
  }

  /** The result a final score implies for this tip, without settling anything. */
  async function suggestResult(tipId: number, score: MatchScore): Promise<SuggestResultResponse> {
    const tip = await reads.findTip(tipId);
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
    const { out, settled } = await deps.transaction(async (tx) => {
      const open = await reads.lockOpenTipsOfMatch(
        { homeTeam: body.homeTeam, awayTeam: body.awayTeam, eventTime },
        tx,
      );
      if (open.length === 0) throw notFound(BACKOFFICE_MESSAGES.noOpenTipsForMatch);
      const out: SettleMatchResponse = { settled: [], skipped: [], emailsQueued: 0 };
      const settled: TipRow[] = [];
      const resultDetails = describeScore(body.score);
      for (const tip of open) {
        const outcome = gradeTipOutcome(tip, body.score);
        if (!outcome) {
          out.skipped.push({ tipId: tip.id, reason: BACKOFFICE_MESSAGES.cannotGrade });
          continue;
        }
        const done = await settler.settle(tx, {
          tipId: tip.id,
          outcome,
          resultDetails,
          settledBy: adminId,
          now,
          audit: { action: 'tip.settle', score: body.score, details: { byMatch: true } },
        });
        out.emailsQueued += done.emailsQueued;
        out.settled.push({ tipId: tip.id, result: resultOfOutcome(outcome) });
        settled.push(done.settlement.tip);
      }
      return { out, settled };
    });
    await deps.afterSettlement(settled);
    return out;
  }

  /** Replaces a wrong settlement: aggregates re-applied, audited with the reason, buyers told. */
  async function correctTip(
    adminId: number,
    tipId: number,
    body: CorrectTipBody,
  ): Promise<SettleTipResponse> {
    const now = clock.now();
    const { settlement, emailsQueued } = await deps.transaction(async (tx) => {
      const tip = await reads.findTip(tipId, tx);
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
      return settler.correct(tx, {
        tipId,
        result,
        outcome,
        resultDetails,
        settledBy: adminId,
        now,
        reason: body.reason,
        score: body.score,
      });
    });
    await deps.afterSettlement([settlement.tip]);
    return { data: backofficeTip(settlement, adminId), emailsQueued };
  }

  async function listUnsettled(adminId: number, query: UnsettledTipsQuery): Promise<BackofficeTipPage> {
    const { rows, total } = await reads.listUnsettledTips(clock.now(), limitOffset(query));
    return toPage(await deps.backofficeTips(rows, asAdmin(adminId)), total, query);
  }

  async function listUnsettledMatchList(): Promise<UnsettledMatch[]> {
    const rows = await reads.listUnsettledMatches(clock.now(), UNSETTLED_MATCHES_LIMIT);
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
