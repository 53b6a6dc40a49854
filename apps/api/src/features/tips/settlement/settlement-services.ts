import type { SettlementHook } from '../../../app-types';
import type { Db } from '../../../db/client';
import { transactionsOn } from '../../../db/transactions';
import type { Clock } from '../../../lib/clock';
import { writeAudit } from '../../audit/audit.repo';
import { toBackofficeTips } from '../backoffice-tip-view';
import { refreshTipsterRecord } from '../tipster-record.repo';
import { createAdminSettlementService } from './admin-settlement.service';
import { createAfterSettlement } from './after-settlement';
import { createFixtureSettlementRepo } from './automatic/fixture-settlement.repo';
import { createFixtureSettler, type SettlementLog } from './automatic/fixture-settlement.service';
import { createSettlementSweep } from './automatic/settlement-sweeper';
import { createTipSettler } from './settle-one-tip';
import { createSettleTipRepo } from './settle-tip.repo';
import { createSettlementReads } from './settlement.repo';
import { emailBuyersTheResult } from './tip-result-emails';

export interface SettlementOptions {
  clock: Clock;
  publicUrl: string;
  /** Other domains' reactions to a settlement, registered in the composition root (app.ts). */
  hooks: readonly SettlementHook[];
  onCatalogueChanged: () => Promise<void>;
  log: SettlementLog;
  /** The record refresh after the commits (default the repository's; tests make it fail). */
  refreshTipsterRecord?: (tipsterId: number) => Promise<void>;
  /** Fixtures the sweep reads per page (default 200). */
  sweepBatchSize?: number;
}

/**
 * The settlement side on the real repositories of one database: the one pipeline and after-commit
 * step, and the three services built on them (admins, the automatic settler, its sweep). Built by
 * the tips module (admin routes) and by the workers (the sweeper); tests build it too.
 */
export function createSettlement(db: Db, opts: SettlementOptions) {
  const transaction = transactionsOn(db);
  const settler = createTipSettler({
    repo: createSettleTipRepo(db),
    emailBuyersTheResult,
    writeAudit,
    hooks: opts.hooks,
    publicUrl: opts.publicUrl,
  });
  const afterSettlement = createAfterSettlement({
    refreshTipsterRecord: opts.refreshTipsterRecord ?? ((tipsterId) => refreshTipsterRecord(db, tipsterId)),
    onCatalogueChanged: opts.onCatalogueChanged,
    hooks: opts.hooks,
    log: opts.log,
  });
  const admin = createAdminSettlementService({
    transaction,
    reads: createSettlementReads(db),
    settler,
    afterSettlement,
    backofficeTips: (rows, viewer) => toBackofficeTips(db, rows, viewer),
    clock: opts.clock,
  });
  const fixtureRepo = createFixtureSettlementRepo(db);
  const fixtures = createFixtureSettler({
    transaction,
    repo: fixtureRepo,
    settler,
    afterSettlement,
    clock: opts.clock,
    log: opts.log,
  });
  const sweep = createSettlementSweep({
    repo: fixtureRepo,
    fixtures,
    clock: opts.clock,
    log: opts.log,
    onCatalogueChanged: opts.onCatalogueChanged,
    batchSize: opts.sweepBatchSize,
  });
  return { admin, fixtures, sweep };
}

export type SettlementServices = ReturnType<typeof createSettlement>;
