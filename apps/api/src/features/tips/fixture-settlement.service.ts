import type { Db } from '../../db/client';
import { isAppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/audit.repo';
import type { PaypalPort } from '../commerce/paypal/paypal.port';
import {
  type PaypalRefundTally,
  processPendingRefunds,
  type RefundTally,
  refundVoidedTipInTx,
} from '../commerce/refunds/tip-refunds';
import { type FixtureVerdict, fixtureVerdict } from './fixture-outcome';
import { findFixtureState, lockOpenTip, openTipsOfFixture } from './fixture-settlement.repo';
import type { Outcome } from './grade-outcome';
import { refreshTipsterRecordsAfterCommit } from './record-refresh';
import { settleTipWithBuyersInTx } from './settle-tip.repo';
import { emailBuyersTheResult } from './tip-result-emails';
import type { refreshTipsterRecord } from './tipster-record.repo';

/**
 * Automatic settlement (decision 047): every open tip of a fixture whose result (or final status)
 * arrived is settled from the fixture, each tip in its own transaction with its statistics, its
 * buyers' result emails (the admin settlement's templates and dedupe keys), its refunds when it
 * is void, and an audit row with no actor. A tip is settled once whatever runs it concurrently:
 * its row is locked with SKIP LOCKED and the settling UPDATE only touches an open tip.
 */

export interface SettlementLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FixtureSettlementDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Refunds PayPal payments of voided tips; without it they wait for a process that has one. */
  paypal?: PaypalPort;
  log?: SettlementLog;
  /** Runs after commits that changed the public catalogue; must not throw. */
  onCatalogueChanged?: () => Promise<void>;
  /** The record refresh after the commits (default the repository's; tests make it fail). */
  refreshTipsterRecord?: typeof refreshTipsterRecord;
}

export interface FixtureSettlementReport {
  settled: Array<{ tipId: number; fixtureId: number; outcome: Outcome }>;
  /** Left open for an admin, with why. */
  skipped: Array<{ tipId: number; fixtureId: number; reason: string }>;
  /** Not due yet (a postponed match inside its 48 hours), or taken by another process. */
  waiting: number;
  emailsQueued: number;
  refunds: RefundTally;
  paypalRefunds?: PaypalRefundTally;
}

const silent: SettlementLog = { info() {}, warn() {}, error() {} };

export function emptyReport(): FixtureSettlementReport {
  return {
    settled: [],
    skipped: [],
    waiting: 0,
    emailsQueued: 0,
    refunds: { credited: 0, pendingPaypal: 0, failed: 0 },
  };
}

/** Each ungradable tip is logged once per process, not at every sweep. */
const reported = new Set<string>();

async function settleOne(
  deps: FixtureSettlementDeps,
  fixtureId: number,
  fixtureStatus: string,
  tipId: number,
  verdict: Extract<FixtureVerdict, { kind: 'settle' }>,
  report: FixtureSettlementReport,
  tipsterIds: Set<number>,
): Promise<void> {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    if (!(await lockOpenTip(tx, tipId))) return false;
    const settlement = await settleTipWithBuyersInTx(tx, {
      tipId,
      outcome: verdict.outcome,
      resultDetails: verdict.details,
      settledBy: null,
      now,
    });
    const emails = await emailBuyersTheResult(tx, settlement.tip, settlement.buyers, deps.publicUrl, {
      kind: 'settled',
    });
    const refunds =
      verdict.outcome === 'VOID'
        ? await refundVoidedTipInTx(tx, settlement.tip, { now, publicUrl: deps.publicUrl })
        : null;
    await writeAudit(tx, {
      actorUserId: null,
      action: 'tip.auto_settle',
      entity: 'tip',
      entityId: tipId,
      before: { result: null },
      after: {
        result: settlement.tip.result,
        outcome: settlement.tip.outcome,
        resultDetails: settlement.tip.resultDetails,
        settledAt: settlement.tip.settledAt?.toISOString() ?? null,
        settledBy: null,
        fixtureId,
        fixtureStatus,
        ...(refunds ? { refunds } : {}),
      },
      now,
    });
    return { emails, refunds, tipsterId: settlement.tip.tipsterId };
  });
  if (!done) {
    report.waiting++;
    return;
  }
  report.settled.push({ tipId, fixtureId, outcome: verdict.outcome });
  report.emailsQueued += done.emails;
  tipsterIds.add(done.tipsterId);
  if (done.refunds) {
    report.refunds.credited += done.refunds.credited;
    report.refunds.pendingPaypal += done.refunds.pendingPaypal;
    report.refunds.failed += done.refunds.failed;
  }
}

async function settleFixtureInto(
  deps: FixtureSettlementDeps,
  fixtureId: number,
  report: FixtureSettlementReport,
  tipsterIds: Set<number>,
): Promise<void> {
  const log = deps.log ?? silent;
  const fixture = await findFixtureState(deps.db, fixtureId);
  if (!fixture) return;
  const now = deps.clock.now();
  for (const tip of await openTipsOfFixture(deps.db, fixtureId)) {
    const verdict = fixtureVerdict(fixture, tip, now);
    if (verdict.kind === 'wait') {
      report.waiting++;
      continue;
    }
    if (verdict.kind === 'ungradable') {
      report.skipped.push({ tipId: tip.id, fixtureId, reason: verdict.reason });
      const key = `${tip.id}:${verdict.reason}`;
      if (!reported.has(key)) {
        reported.add(key);
        log.warn(
          { tipId: tip.id, fixtureId, reason: verdict.reason },
          'settlement: tip left open for an admin',
        );
      }
      continue;
    }
    try {
      await settleOne(deps, fixtureId, fixture.status, tip.id, verdict, report, tipsterIds);
    } catch (error) {
      // Another settlement (an admin's) committed between our read and our lock: nothing to do.
      if (isAppError(error) && error.status === 409) {
        report.waiting++;
        continue;
      }
      log.error({ err: error, tipId: tip.id, fixtureId }, 'settlement: tip failed to settle');
    }
  }
}

async function afterSettling(
  deps: FixtureSettlementDeps,
  report: FixtureSettlementReport,
  tipsterIds: Set<number>,
) {
  // Each tipster's record row once for the whole run, after the commits (decision 107).
  await refreshTipsterRecordsAfterCommit(deps.db, tipsterIds, {
    refresh: deps.refreshTipsterRecord,
    log: deps.log,
  });
  if (report.settled.length > 0) {
    await deps.onCatalogueChanged?.();
    deps.log?.info(
      { settled: report.settled.length, skipped: report.skipped.length, refunds: report.refunds },
      'settlement: tips settled from fixtures',
    );
  }
  if (deps.paypal && report.refunds.pendingPaypal > 0) {
    report.paypalRefunds = await processPendingRefunds({
      db: deps.db,
      paypal: deps.paypal,
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      log: deps.log ?? silent,
    });
  }
}

/** Settles every open tip of one fixture that its state decides. */
export async function settleFixture(
  deps: FixtureSettlementDeps,
  fixtureId: number,
): Promise<FixtureSettlementReport> {
  return settleFixtures(deps, [fixtureId]);
}

/**
 * The same for several fixtures, e.g. from an importer's or the live feed's `onResults(ids)`
 * right after it wrote them (the sweeper would find them within its interval anyway). PayPal
 * refunds of the tips voided here are attempted at once when `deps.paypal` is given.
 */
export async function settleFixtures(
  deps: FixtureSettlementDeps,
  fixtureIds: readonly number[],
): Promise<FixtureSettlementReport> {
  const report = emptyReport();
  const tipsterIds = new Set<number>();
  for (const id of [...new Set(fixtureIds)]) await settleFixtureInto(deps, id, report, tipsterIds);
  await afterSettling(deps, report, tipsterIds);
  return report;
}
