import type { TipsterProfile } from '@tips/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tips, tipsterRecords } from '../../db/schema';
import { createTip, createTipster } from '../../db/seed/factories';
import { freshCatalogue, getOk } from '../catalogue/catalogue.test-support';
import { computeRecordFigures } from './record-figures';
import { startTipsterRecordRefresher } from './record-refresh';
import { createSettlement } from './settlement/settlement-services';
import { refreshTipsterRecord, staleTipsterRecords } from './tipster-record.repo';

/**
 * Decision 107: settlement marks the tipster's record row changed in its transaction and refreshes
 * it after the commit. For a user: the profile read after the admin's response already shows the
 * runs, drawdown, units series and luck of the new result; a refresh that never happened (a crash
 * between the commit and the refresh, simulated by a refresh that throws once) is repaired by the
 * record refresher; meanwhile the profile shows the previous refresh whole, never a mix.
 */

const NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
let adminId: number;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const admin = await signedIn(t, ['user', 'admin']);
  adminToken = admin.token;
  adminId = admin.user.id;
}, 60_000);

afterAll(() => t.close());

/** A tipster with `count` open tips that kicked off one a day, oldest first. */
async function tipsterWithOpenTips(
  name: string,
  count: number,
): Promise<{ tipsterId: number; tipIds: number[] }> {
  const db = t.database.db;
  const tipsterId = (await createTipster(db, { category: 'SENIOR', name })).id;
  const tipIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const eventTime = new Date(NOW.getTime() - (count + 1 - i) * DAY);
    const tip = await createTip(db, {
      tipsterId,
      now: new Date(eventTime.getTime() - 6 * 3_600_000),
      eventTime,
      stake: (i % 4) + 1,
      oddsHundredths: 160 + ((i * 41) % 200),
    });
    tipIds.push(tip.id);
  }
  return { tipsterId, tipIds };
}

/** What the profile must show, recomputed from the tipster's raw settled tips now. */
async function expectedFromRawTips(tipsterId: number) {
  const raw = await t.database.db
    .select()
    .from(tips)
    .where(eq(tips.tipsterId, tipsterId))
    .orderBy(asc(tips.eventTime), asc(tips.id));
  const figures = computeRecordFigures(
    raw
      .filter((r) => r.result !== null)
      .map((r) => ({
        eventTime: r.eventTime,
        oddsHundredths: r.oddsHundredths,
        stake: r.stake,
        outcome: (r.outcome ?? r.result) as 'WIN',
      })),
  );
  const units = (milli: number) => Math.sign(milli) * (Math.round(Math.abs(milli) / 10) / 100);
  return {
    settledTips: figures.settledTips,
    longestLosingRun: figures.longestLosingRun,
    maxDrawdown: units(figures.maxDrawdownMilli),
    unitsSeries: figures.series.map((p) => ({ date: p.date, tips: p.tips, profit: units(p.profitMilli) })),
    luck: figures.luck
      ? {
          probability: figures.luck.hits / figures.luck.simulations,
          oneIn: figures.luck.hits > 0 ? Math.round(figures.luck.simulations / figures.luck.hits) : null,
          simulations: figures.luck.simulations,
        }
      : null,
  };
}

async function profileOf(tipsterId: number): Promise<TipsterProfile> {
  await freshCatalogue(t);
  return getOk<TipsterProfile>(t, `/api/tipsters/profile/${tipsterId}`);
}

function recordFigures(profile: TipsterProfile) {
  const { longestLosingRun, maxDrawdown, unitsSeries, luck } = profile;
  return { longestLosingRun, maxDrawdown, unitsSeries, luck };
}

async function settleByAdmin(tipId: number, result: 'WIN' | 'LOSS' | 'VOID') {
  await callOk(t, 'POST', `/api/admin/tips/${tipId}/settle`, adminToken, { result, resultDetails: 'FT' });
}

/** A settlement service whose record refresh after the commit throws once (a crash there). */
function serviceWhoseRefreshFailsOnce() {
  let failures = 0;
  const service = createSettlement(t.database.db, {
    clock: t.clock,
    publicUrl: 'http://test.local',
    hooks: t.services.settlementHooks,
    onCatalogueChanged: () => freshCatalogue(t),
    log: { info() {}, warn() {}, error() {} },
    refreshTipsterRecord: async (tipsterId) => {
      if (failures++ === 0) throw new Error('process died between the commit and the refresh');
      await refreshTipsterRecord(t.database.db, tipsterId);
    },
  }).admin;
  return { service, failures: () => failures };
}

async function runRefresher() {
  const errors: unknown[] = [];
  const refresher = startTipsterRecordRefresher({
    db: t.database.db,
    log: { info() {}, error: (obj) => errors.push(obj) },
    setTimer: () => 0,
    clearTimer: () => {},
  });
  await refresher.refreshNow();
  await refresher.stop();
  expect(errors).toEqual([]);
}

describe('record figures after a settlement through the admin API', () => {
  it('the profile read after each response shows the runs, drawdown, units series and luck of every result so far', async () => {
    const { tipsterId, tipIds } = await tipsterWithOpenTips('Fresh Record', 8);
    const results = ['WIN', 'LOSS', 'LOSS', 'LOSS', 'VOID', 'WIN', 'LOSS', 'WIN'] as const;
    const seen = new Set<string>();
    for (const [i, tipId] of tipIds.entries()) {
      await settleByAdmin(tipId, results[i]);
      const { settledTips, ...expected } = await expectedFromRawTips(tipsterId);
      expect(settledTips).toBe(i + 1);
      const shown = recordFigures(await profileOf(tipsterId));
      expect(shown).toEqual(expected);
      seen.add(JSON.stringify(shown));
    }
    // The figures moved with the results (not one stale row compared with itself).
    expect(seen.size).toBe(tipIds.length);
    const last = recordFigures(await profileOf(tipsterId));
    expect(last.longestLosingRun).toBe(3);
    expect(last.maxDrawdown).toBeGreaterThan(0);
    expect(last.unitsSeries).toHaveLength(8);
    expect(last.luck?.simulations).toBe(10_000);
    const [row] = await t.database.db
      .select()
      .from(tipsterRecords)
      .where(eq(tipsterRecords.tipsterId, tipsterId));
    expect(row.refreshedChanges).toBe(row.changes);
  });

  it('whole-match settlement refreshes every tipster it settled', async () => {
    const a = await tipsterWithOpenTips('Match Tipster A', 1);
    const b = await tipsterWithOpenTips('Match Tipster B', 1);
    await settleByAdmin(a.tipIds[0], 'LOSS');
    await settleByAdmin(b.tipIds[0], 'WIN');
    // Each tipster's second tip is on one match: Home at 1.90, 0-2 grades both a loss.
    const db = t.database.db;
    const match = {
      homeTeam: 'Match Home',
      awayTeam: 'Match Away',
      eventTime: new Date(NOW.getTime() - DAY / 2),
    };
    for (const { tipsterId } of [a, b]) {
      await createTip(db, {
        tipsterId,
        now: new Date(match.eventTime.getTime() - 3_600_000),
        ...match,
        bettingType: 3,
        selection: 'Home',
        oddsHundredths: 190,
      });
    }
    await callOk(t, 'POST', '/api/admin/matches/settle', adminToken, {
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      eventTime: match.eventTime.toISOString(),
      score: { home: 0, away: 2, htHome: 0, htAway: 1 },
    });
    for (const { tipsterId } of [a, b]) {
      const { settledTips, ...expected } = await expectedFromRawTips(tipsterId);
      expect(settledTips).toBe(2);
      expect(recordFigures(await profileOf(tipsterId))).toEqual(expected);
      expect(expected.unitsSeries).toHaveLength(2);
    }
  });
});

describe('a refresh that did not happen after the commit', () => {
  it('a settlement stands; the profile shows the previous refresh whole until the refresher repairs the row', async () => {
    const { tipsterId, tipIds } = await tipsterWithOpenTips('Crashed Refresh', 4);
    await settleByAdmin(tipIds[0], 'WIN');
    await settleByAdmin(tipIds[1], 'LOSS');
    const before = recordFigures(await profileOf(tipsterId));

    const { service, failures } = serviceWhoseRefreshFailsOnce();
    const response = await service.settleTip(adminId, tipIds[2], { result: 'LOSS', resultDetails: 'FT 0-1' });
    expect(response.data.result).toBe('Loss');
    expect(failures()).toBe(1);

    // Not refreshed: the figures of the two-tip refresh, all of them, with their own two days.
    const meanwhile = recordFigures(await profileOf(tipsterId));
    expect(meanwhile).toEqual(before);
    expect(meanwhile.unitsSeries.reduce((n, p) => n + p.tips, 0)).toBe(2);
    expect(await staleTipsterRecords(t.database.db)).toContain(tipsterId);

    await runRefresher();
    const { settledTips, ...expected } = await expectedFromRawTips(tipsterId);
    expect(settledTips).toBe(3);
    const repaired = recordFigures(await profileOf(tipsterId));
    expect(repaired).toEqual(expected);
    expect(repaired.longestLosingRun).toBe(2);
    expect(await staleTipsterRecords(t.database.db)).not.toContain(tipsterId);
  });

  it('a correction (same number of settled tips) is found stale by its mark and repaired', async () => {
    const { tipsterId, tipIds } = await tipsterWithOpenTips('Crashed Correction', 3);
    for (const tipId of tipIds) await settleByAdmin(tipId, 'LOSS');
    const before = recordFigures(await profileOf(tipsterId));
    expect(before.longestLosingRun).toBe(3);

    const { service } = serviceWhoseRefreshFailsOnce();
    await service.correctTip(adminId, tipIds[1], {
      result: 'WIN',
      resultDetails: 'FT 2-0',
      reason: 'Wrong way round',
    });
    expect(recordFigures(await profileOf(tipsterId))).toEqual(before);
    expect(await staleTipsterRecords(t.database.db)).toContain(tipsterId);

    await runRefresher();
    const { settledTips, ...expected } = await expectedFromRawTips(tipsterId);
    expect(settledTips).toBe(3);
    const repaired = recordFigures(await profileOf(tipsterId));
    expect(repaired).toEqual(expected);
    expect(repaired.longestLosingRun).toBe(1);
  });

  it('a correction through the admin API updates the figures at once', async () => {
    const { tipsterId, tipIds } = await tipsterWithOpenTips('Corrected Record', 3);
    for (const tipId of tipIds) await settleByAdmin(tipId, 'LOSS');
    await callOk(t, 'POST', `/api/admin/tips/${tipIds[2]}/correct`, adminToken, {
      result: 'WIN',
      resultDetails: 'FT 1-0',
      reason: 'Wrong result entered',
    });
    const { settledTips, ...expected } = await expectedFromRawTips(tipsterId);
    expect(settledTips).toBe(3);
    const shown = recordFigures(await profileOf(tipsterId));
    expect(shown).toEqual(expected);
    expect(shown.longestLosingRun).toBe(2);
  });
});
