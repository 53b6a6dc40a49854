import { describe, expect, it } from 'vitest';
import type { SettlementHook } from '../../../app-types';
import type { Tx } from '../../../db/client';
import type { TipRow, TipsterRow } from '../../../db/rows';
import { createAfterSettlement } from './after-settlement';
import { createTipSettler } from './settle-one-tip';
import { outcomeAndResult, type SettleTipInput } from './settle-tip.repo';

/**
 * The settlement hooks (decision 108): what other domains attach to the moment a tip is settled
 * (refunds today; closing prices and tipster earnings next). Several subscribers, in order, inside
 * the settling transaction, their reports kept in the audit row; their after-commit work once per
 * request or sweep, never able to undo a committed settlement.
 */

const NOW = new Date('2026-11-27T12:00:00Z');
const TX = { tx: true } as unknown as Tx;

function tip(overrides: Partial<TipRow> = {}): TipRow {
  return {
    id: 7,
    tipsterId: 3,
    homeTeam: 'A',
    awayTeam: 'B',
    league: 'L',
    result: null,
    outcome: null,
    ...overrides,
  } as TipRow;
}

function settlerWith(hooks: SettlementHook[], calls: string[]) {
  const audits: Array<{ action: string; after: unknown }> = [];
  const settle = async (input: SettleTipInput) => {
    const { result, outcome } = outcomeAndResult(input);
    calls.push(`settle:${outcome}`);
    return {
      tip: tip({ result, outcome, resultDetails: input.resultDetails }),
      tipster: {} as TipsterRow,
      buyers: [],
    };
  };
  const settler = createTipSettler({
    repo: {
      settleTipWithBuyers: settle,
      correctSettlement: async (input) => {
        const done = await settle(input);
        return { ...done, before: tip({ result: 'WIN', outcome: 'WIN' }), after: done.tip };
      },
    },
    emailBuyersTheResult: async (_tx, _tip, _buyers, _url, event) => {
      calls.push(`emails:${event.kind}`);
      return 0;
    },
    writeAudit: async (_tx, record) => {
      calls.push(`audit:${record.action}`);
      audits.push({ action: record.action, after: record.after });
      return 1;
    },
    hooks,
    publicUrl: 'http://test.local',
  });
  return { settler, audits };
}

const recorder = (name: string, calls: string[], report?: Record<string, number>): SettlementHook => ({
  name,
  inTransaction: async (event) => {
    expect(event.tx).toBe(TX);
    calls.push(`${name}:${event.kind}:${event.tip.outcome}:${event.before?.outcome ?? 'none'}`);
    return report;
  },
  afterCommit: async (settled) => {
    calls.push(`${name}:after:${settled.map((t) => t.id).join(',')}`);
  },
});

describe('settlement hooks', () => {
  it('runs every subscriber in order inside the transaction, before the audit row, which keeps their reports', async () => {
    const calls: string[] = [];
    const { settler, audits } = settlerWith(
      [
        recorder('refunds', calls, { credited: 2 }),
        recorder('closing', calls),
        recorder('earnings', calls, { held: 1 }),
      ],
      calls,
    );
    const done = await settler.settle(TX, {
      tipId: 7,
      outcome: 'VOID',
      resultDetails: 'Match cancelled',
      settledBy: null,
      now: NOW,
      audit: { action: 'tip.auto_settle', details: { fixtureId: 9 } },
    });
    expect(calls).toEqual([
      'settle:VOID',
      'emails:settled',
      'refunds:settled:VOID:none',
      'closing:settled:VOID:none',
      'earnings:settled:VOID:none',
      'audit:tip.auto_settle',
    ]);
    expect(done.reports).toEqual({ refunds: { credited: 2 }, earnings: { held: 1 } });
    expect(audits[0].after).toMatchObject({
      result: 'VOID',
      fixtureId: 9,
      refunds: { credited: 2 },
      earnings: { held: 1 },
    });
    expect(audits[0].after).not.toHaveProperty('closing');
  });

  it('tells subscribers of a correction what the tip was before', async () => {
    const calls: string[] = [];
    const { settler } = settlerWith([recorder('refunds', calls)], calls);
    await settler.correct(TX, {
      tipId: 7,
      outcome: 'VOID',
      result: 'VOID',
      resultDetails: 'FT 1-1',
      settledBy: 1,
      now: NOW,
      reason: 'wrong score',
    });
    expect(calls).toEqual([
      'settle:VOID',
      'refunds:corrected:VOID:WIN',
      'audit:tip.correct',
      'emails:corrected',
    ]);
  });

  it('lets a subscriber that fails in the transaction fail the settlement (nothing is audited)', async () => {
    const calls: string[] = [];
    const failing: SettlementHook = {
      name: 'refunds',
      inTransaction: async () => {
        throw new Error('ledger entry and refund row disagree');
      },
    };
    const { settler, audits } = settlerWith([failing, recorder('after', calls)], calls);
    await expect(
      settler.settle(TX, {
        tipId: 7,
        outcome: 'VOID',
        resultDetails: '',
        settledBy: 1,
        now: NOW,
        audit: { action: 'tip.settle' },
      }),
    ).rejects.toThrow('disagree');
    expect(audits).toEqual([]);
    expect(calls).not.toContain('after:settled:VOID:none');
  });
});

describe('after the commit', () => {
  it('refreshes each tipster once, tells the catalogue, then each subscriber once; a failing subscriber is logged, not thrown', async () => {
    const calls: string[] = [];
    const warnings: unknown[] = [];
    const after = createAfterSettlement({
      refreshTipsterRecord: async (tipsterId) => {
        calls.push(`refresh:${tipsterId}`);
      },
      onCatalogueChanged: async () => {
        calls.push('catalogue');
      },
      hooks: [
        {
          name: 'broken',
          inTransaction: async () => undefined,
          afterCommit: async () => Promise.reject(new Error('down')),
        },
        recorder('earnings', calls),
      ],
      log: { info() {}, error() {}, warn: (obj) => warnings.push(obj) },
    });
    await after([tip({ id: 1, tipsterId: 3 }), tip({ id: 2, tipsterId: 3 }), tip({ id: 5, tipsterId: 4 })]);
    expect(calls).toEqual(['refresh:3', 'refresh:4', 'catalogue', 'earnings:after:1,2,5']);
    expect(warnings).toHaveLength(1);
    calls.length = 0;
    await after([]);
    expect(calls).toEqual([]);
  });
});
