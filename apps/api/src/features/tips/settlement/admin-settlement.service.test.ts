import { BACKOFFICE_MESSAGES, MESSAGES } from '@tips/contract';
import { describe, expect, it } from 'vitest';
import type { SettlementHook } from '../../../app-types';
import type { Tx } from '../../../db/client';
import type { TipRow, TipsterRow } from '../../../db/rows';
import { type AppError, conflict } from '../../../lib/app-error';
import { appErrorOf } from '../../../lib/app-error.test-support';
import { createTestClock } from '../../../lib/clock';
import { createAdminSettlementService } from './admin-settlement.service';
import { createAfterSettlement } from './after-settlement';
import { createTipSettler } from './settle-one-tip';
import { outcomeAndResult, type Settlement, type SettleTipInput } from './settle-tip.repo';

/**
 * Settlement's own decisions, on fake repositories (no database): what may be settled or
 * corrected, what a score grades to, and that the result, the buyers' emails and the audit row are
 * written together, then the catalogue told. The statements themselves (settle once, aggregates)
 * are tested on PGlite/PostgreSQL in settle-tip.int.test.ts and settlement.admin.routes.int.test.ts.
 */

const NOW = new Date('2026-11-24T20:00:00Z');
const ADMIN = 1;

function tipRow(overrides: Partial<TipRow> = {}): TipRow {
  return {
    id: 10,
    tipsterId: 3,
    tipsType: 'PAID',
    homeTeam: 'Home',
    awayTeam: 'Away',
    league: 'League',
    eventTime: new Date('2026-11-24T18:00:00Z'),
    bettingType: 3,
    selection: 'Home',
    oddsHundredths: 190,
    priceCents: 1_000,
    currency: 'USD',
    reasoning: '',
    result: null,
    resultDetails: null,
    publishedAt: new Date('2026-11-24T10:00:00Z'),
    settledAt: null,
    settledBy: null,
    aiPlanId: null,
    referenceOddsHundredths: null,
    referenceBookmaker: null,
    referenceSource: null,
    referenceAt: null,
    referenceFairPpm: null,
    closingStatus: null,
    closingOddsHundredths: null,
    closingPriceAt: null,
    closingOverroundPpm: null,
    clvPpm: null,
    closedAt: null,
    ...overrides,
  } as TipRow;
}

const TIPSTER = {
  id: 3,
  name: 'Tipster',
  category: 'SENIOR',
  profileImage: null,
  lastResults: [true],
  userId: 99,
};

function fakes(tip: TipRow | undefined, options: { settleError?: AppError; refreshError?: Error } = {}) {
  const calls: string[] = [];
  /** Record refreshes: the tipster and the calls made before it (kept apart from `calls`). */
  const refreshed: Array<{ tipsterId: number; after: string[] }> = [];
  const audits: Array<Record<string, unknown>> = [];
  let catalogueChanges = 0;
  const settle = async (input: SettleTipInput) => {
    if (options.settleError) throw options.settleError;
    const { result, outcome } = outcomeAndResult(input);
    calls.push(`settle:${result}:${input.resultDetails}`);
    const settled = { ...tip!, result, outcome, resultDetails: input.resultDetails, settledAt: NOW };
    return { tip: settled, tipster: TIPSTER as TipsterRow, buyers: [] } satisfies Settlement;
  };
  // The real pipeline and after-commit step, on fake repositories and a fake refund hook.
  const refundHook: SettlementHook = {
    name: 'refunds',
    inTransaction: async ({ tip: voided }) => {
      if (voided.outcome !== 'VOID') return undefined;
      calls.push(`refund:${voided.id}`);
      return { credited: 0, pendingPaypal: 0, failed: 0 };
    },
  };
  const settler = createTipSettler({
    repo: {
      settleTipWithBuyers: settle,
      correctSettlement: async (input) => {
        const settled = await settle(input);
        return { ...settled, before: tip!, after: settled.tip };
      },
    },
    emailBuyersTheResult: async (_tx, _tip, _buyers, _url, event) => {
      calls.push(`emails:${event.kind}`);
      return 2;
    },
    writeAudit: async (_tx, record) => {
      calls.push(`audit:${record.action}`);
      audits.push(record as unknown as Record<string, unknown>);
      return 77;
    },
    hooks: [refundHook],
    publicUrl: 'http://test.local',
  });
  const afterSettlement = createAfterSettlement({
    refreshTipsterRecord: async (tipsterId) => {
      refreshed.push({ tipsterId, after: [...calls] });
      if (options.refreshError) throw options.refreshError;
    },
    onCatalogueChanged: async () => {
      catalogueChanges++;
      calls.push('catalogue');
    },
    hooks: [refundHook],
    log: { info() {}, warn() {}, error() {} },
  });
  const service = createAdminSettlementService({
    transaction: async (work) => {
      calls.push('begin');
      const out = await work({} as Tx);
      calls.push('commit');
      return out;
    },
    reads: {
      findTip: async () => tip,
      lockOpenTipsOfMatch: async () => (tip ? [tip] : []),
      listUnsettledTips: async () => ({ rows: [], total: 0 }),
      listUnsettledMatches: async () => [],
    },
    settler,
    afterSettlement,
    backofficeTips: async () => [],
    clock: createTestClock(NOW),
  });
  return { service, calls, audits, refreshed, catalogueChanges: () => catalogueChanges };
}

const SCORE = { home: 2, away: 1, htHome: 0, htAway: 1 };

describe('settle a tip (fake repositories)', () => {
  it('grades a score against the selection, then writes result, emails and audit in one transaction, then tells the catalogue', async () => {
    const { service, calls, audits } = fakes(tipRow());
    const response = await service.settleTip(ADMIN, 10, { score: SCORE });
    expect(calls).toEqual([
      'begin',
      'settle:WIN:FT 2-1 (HT 0-1)',
      'emails:settled',
      'audit:tip.settle',
      'commit',
      'catalogue',
    ]);
    expect(response.emailsQueued).toBe(2);
    expect(response.data).toMatchObject({ id: 10, result: 'Win', selection: 'Home' });
    expect(audits[0]).toMatchObject({ actorUserId: ADMIN, entityId: 10, before: { result: null } });
  });

  it("refreshes the tipster's record row after the commit, before the catalogue is told; a failed refresh leaves the settlement standing", async () => {
    const ok = fakes(tipRow());
    await ok.service.settleTip(ADMIN, 10, { result: 'WIN', resultDetails: 'FT 2-1' });
    expect(ok.refreshed).toEqual([
      { tipsterId: 3, after: ['begin', 'settle:WIN:FT 2-1', 'emails:settled', 'audit:tip.settle', 'commit'] },
    ]);
    const failing = fakes(tipRow(), { refreshError: new Error('refresh failed') });
    const response = await failing.service.settleTip(ADMIN, 10, { result: 'WIN', resultDetails: 'FT 2-1' });
    expect(response.data).toMatchObject({ id: 10, result: 'Win' });
    expect(failing.refreshed).toHaveLength(1);
    expect(failing.calls.at(-1)).toBe('catalogue');
  });

  it('refuses a second settlement of a graded tip before writing anything (409)', async () => {
    const { service, calls, catalogueChanges } = fakes(tipRow({ result: 'LOSS', resultDetails: '0-1' }));
    const error = await appErrorOf(service.settleTip(ADMIN, 10, { score: SCORE }));
    expect(error.status).toBe(409);
    expect(calls).toEqual(['begin']);
    expect(catalogueChanges()).toBe(0);
  });

  it("passes on the settling statement's refusal (an explicit result, already settled) and writes no email or audit", async () => {
    const { service, calls } = fakes(tipRow(), {
      settleError: conflict('This tip has already been settled'),
    });
    const error = await appErrorOf(service.settleTip(ADMIN, 10, { result: 'WIN', resultDetails: '' }));
    expect(error.status).toBe(409);
    expect(calls).toEqual(['begin']);
  });

  it('refuses a tip whose match has not kicked off (422) and an unknown tip (404)', async () => {
    const early = fakes(tipRow({ eventTime: new Date(NOW.getTime() + 60_000) }));
    expect((await appErrorOf(early.service.settleTip(ADMIN, 10, { score: SCORE }))).messages).toEqual([
      BACKOFFICE_MESSAGES.notKickedOff,
    ]);
    const missing = fakes(undefined);
    expect((await appErrorOf(missing.service.settleTip(ADMIN, 10, { score: SCORE }))).messages).toEqual([
      MESSAGES.tipNotFound,
    ]);
  });

  it('asks for a result or a score, and refuses a selection the score cannot grade', async () => {
    const { service } = fakes(tipRow({ selection: 'something odd' }));
    expect((await appErrorOf(service.settleTip(ADMIN, 10, {}))).messages).toEqual([
      BACKOFFICE_MESSAGES.resultOrScoreRequired,
    ]);
    expect((await appErrorOf(service.settleTip(ADMIN, 10, { score: SCORE }))).messages).toEqual([
      BACKOFFICE_MESSAGES.cannotGrade,
    ]);
  });
});

describe('correct a settlement (fake repositories)', () => {
  it('refuses an open tip (409) and a correction that changes nothing (422)', async () => {
    const open = fakes(tipRow());
    expect(
      (await appErrorOf(open.service.correctTip(ADMIN, 10, { result: 'LOSS', reason: 'r' }))).status,
    ).toBe(409);
    const same = fakes(tipRow({ result: 'WIN', resultDetails: 'FT' }));
    const error = await appErrorOf(
      same.service.correctTip(ADMIN, 10, { result: 'WIN', resultDetails: 'FT', reason: 'r' }),
    );
    expect(error.messages).toEqual([BACKOFFICE_MESSAGES.correctionChangesNothing]);
    expect(same.calls).toEqual(['begin']);
  });

  it('audits the correction with its reason and tells the buyers about that correction', async () => {
    const { service, calls, audits } = fakes(tipRow({ result: 'WIN', resultDetails: 'FT' }));
    await service.correctTip(ADMIN, 10, { result: 'LOSS', resultDetails: 'FT', reason: 'wrong score' });
    expect(calls).toEqual([
      'begin',
      'settle:LOSS:FT',
      'audit:tip.correct',
      'emails:corrected',
      'commit',
      'catalogue',
    ]);
    expect(audits[0]).toMatchObject({
      reason: 'wrong score',
      before: { result: 'WIN' },
      after: { result: 'LOSS' },
    });
  });
});

describe('settle a match (fake repositories)', () => {
  it('refuses a match that has not kicked off, before locking anything', async () => {
    const { service, calls } = fakes(tipRow());
    const body = {
      homeTeam: 'Home',
      awayTeam: 'Away',
      eventTime: new Date(NOW.getTime() + 1).toISOString(),
      score: SCORE,
    };
    expect((await appErrorOf(service.settleMatch(ADMIN, body))).messages).toEqual([
      BACKOFFICE_MESSAGES.notKickedOff,
    ]);
    expect(calls).toEqual([]);
  });

  it('skips a tip the score cannot grade and does not touch the catalogue when nothing was settled', async () => {
    const { service, catalogueChanges } = fakes(tipRow({ selection: 'something odd' }));
    const body = { homeTeam: 'Home', awayTeam: 'Away', eventTime: '2026-11-24T18:00:00.000Z', score: SCORE };
    const out = await service.settleMatch(ADMIN, body);
    expect(out).toEqual({
      settled: [],
      skipped: [{ tipId: 10, reason: BACKOFFICE_MESSAGES.cannotGrade }],
      emailsQueued: 0,
    });
    expect(catalogueChanges()).toBe(0);
  });
});
