import type { RunInTransaction } from '../../../../db/transactions';
import { isAppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import type { AfterSettlement } from '../after-settlement';
import { type FixtureVerdict, fixtureVerdict } from '../grading/fixture-outcome';
import type { Outcome } from '../grading/grade-outcome';
import type { TipSettler } from '../settle-one-tip';
import type { SettledTip } from '../settle-tip.repo';
import type { FixtureSettlementRepo } from './fixture-settlement.repo';

/**
 * Automatic settlement (decision 047): every open tip of a fixture whose result (or final status)
 * arrived is settled from the fixture through the one pipeline (settle-one-tip.ts), each tip in its
 * own transaction, with an audit row that has no actor and names the fixture. A tip is settled
 * once whatever runs it concurrently: its row is locked with SKIP LOCKED and the settling UPDATE
 * only touches an open tip. The after-commit step runs once for the whole run.
 */

export interface SettlementLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FixtureSettlerDeps {
  transaction: RunInTransaction;
  repo: Pick<FixtureSettlementRepo, 'findFixtureState' | 'openTipsOfFixture' | 'lockOpenTip'>;
  settler: Pick<TipSettler, 'settle'>;
  afterSettlement: AfterSettlement;
  clock: Clock;
  log: SettlementLog;
}

export interface FixtureSettlementReport {
  settled: Array<{ tipId: number; fixtureId: number; outcome: Outcome }>;
  /** Left open for an admin, with why. */
  skipped: Array<{ tipId: number; fixtureId: number; reason: string }>;
  /** Not due yet (a postponed match inside its 48 hours), or taken by another process. */
  waiting: number;
  emailsQueued: number;
  /** The settlement hooks' reports summed by hook and figure (e.g. refunds.credited). */
  hooks: Record<string, Record<string, number>>;
}

export function emptyReport(): FixtureSettlementReport {
  return { settled: [], skipped: [], waiting: 0, emailsQueued: 0, hooks: {} };
}

/** Adds one report into another (the sweeper's pages, one tip's hook reports). */
export function addReport(into: FixtureSettlementReport, page: FixtureSettlementReport): void {
  into.settled.push(...page.settled);
  into.skipped.push(...page.skipped);
  into.waiting += page.waiting;
  into.emailsQueued += page.emailsQueued;
  addHookReports(into.hooks, page.hooks);
}

function addHookReports(
  into: Record<string, Record<string, number>>,
  reports: Record<string, Record<string, number>>,
) {
  for (const [hook, figures] of Object.entries(reports)) {
    into[hook] ??= {};
    const sum = into[hook];
    for (const [name, value] of Object.entries(figures)) sum[name] = (sum[name] ?? 0) + value;
  }
}

export type FixtureSettler = ReturnType<typeof createFixtureSettler>;

export function createFixtureSettler(deps: FixtureSettlerDeps) {
  const { repo, log } = deps;
  /** Each ungradable tip is logged once by this settler, not at every sweep. */
  const reported = new Set<string>();

  async function settleOne(
    fixture: { id: number; status: string },
    tipId: number,
    verdict: Extract<FixtureVerdict, { kind: 'settle' }>,
    report: FixtureSettlementReport,
    settled: SettledTip[],
  ): Promise<void> {
    const now = deps.clock.now();
    const done = await deps.transaction(async (tx) => {
      if (!(await repo.lockOpenTip(tipId, tx))) return null;
      return deps.settler.settle(tx, {
        tipId,
        outcome: verdict.outcome,
        resultDetails: verdict.details,
        settledBy: null,
        now,
        audit: {
          action: 'tip.auto_settle',
          details: { fixtureId: fixture.id, fixtureStatus: fixture.status },
        },
      });
    });
    if (!done) {
      report.waiting++;
      return;
    }
    report.settled.push({ tipId, fixtureId: fixture.id, outcome: verdict.outcome });
    report.emailsQueued += done.emailsQueued;
    addHookReports(report.hooks, done.reports);
    settled.push(done.settlement.tip);
  }

  async function settleFixtureInto(
    fixtureId: number,
    report: FixtureSettlementReport,
    settled: SettledTip[],
  ) {
    const state = await repo.findFixtureState(fixtureId);
    if (!state) return;
    const fixture = { id: fixtureId, status: state.status };
    const now = deps.clock.now();
    for (const tip of await repo.openTipsOfFixture(fixtureId)) {
      const verdict = fixtureVerdict(state, tip, now);
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
        await settleOne(fixture, tip.id, verdict, report, settled);
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

  /**
   * Settles every open tip of these fixtures that their state decides (the sweeper's pages, or an
   * importer's fresh results), then runs the after-commit step once for all of them.
   */
  async function settleFixtures(fixtureIds: readonly number[]): Promise<FixtureSettlementReport> {
    const report = emptyReport();
    const settled: SettledTip[] = [];
    for (const id of [...new Set(fixtureIds)]) await settleFixtureInto(id, report, settled);
    await deps.afterSettlement(settled);
    if (report.settled.length > 0) {
      log.info(
        { settled: report.settled.length, skipped: report.skipped.length, hooks: report.hooks },
        'settlement: tips settled from fixtures',
      );
    }
    return report;
  }

  return { settleFixtures };
}
