import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allTimeStats, auditRows, callOk, signedIn } from '../../../../../test/backoffice.test-support';
import {
  emailOutbox,
  ledgerEntries,
  sandboxPaypalOrders,
  tipRefunds,
  tips,
  tipsterRecords,
  tipsterStats,
} from '../../../../db/schema';
import { createTip, createTipster, createUser } from '../../../../db/seed/factories';
import {
  approveAtPaypal,
  type CommerceTestApp,
  createCommerceTestApp,
  expectLedgerInvariants,
} from '../../../commerce/commerce.test-support';
import { PaypalError, type PaypalPort } from '../../../commerce/paypal/paypal.port';
import { MAX_PAYPAL_ATTEMPTS } from '../../../commerce/voided-tip-refunds/paypal-refund-worker';
import { upsertFixtures } from '../../../football/fixtures.repo';
import { backfillTipsterRecords, refreshTipsterRecord, staleTipsterRecords } from '../../tipster-record.repo';
import { checkRefundInvariants } from '../refund-invariants.test-support';
import { createFixture, setFixtureResult, settlementOf, sweepAndRefund } from '../settlement.test-support';
import { createFixtureSettlementRepo } from './fixture-settlement.repo';
import { startSettlementSweeper } from './settlement-sweeper';

let t: CommerceTestApp;
const HOUR = 3600_000;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
  expect(await checkRefundInvariants(t.database.db)).toEqual([]);
});

const sweep = (paypal: PaypalPort = t.paypal) => sweepAndRefund(t, paypal);
const settleFixtures = (fixtureIds: number[], opts: Parameters<typeof settlementOf>[1] = {}) =>
  settlementOf(t, opts).fixtures.settleFixtures(fixtureIds);

/** A fixture kicking off in an hour and an open tip on it, published now. */
async function tipOnFixture(extra: Partial<Parameters<typeof createTip>[1]> = {}, tipsterId?: number) {
  const now = t.clock.now();
  const fixture = await createFixture(t.database.db, { kickoffAt: new Date(now.getTime() + HOUR) });
  const tip = await createTip(t.database.db, {
    tipsterId: tipsterId ?? (await createTipster(t.database.db)).id,
    now,
    fixtureId: fixture.id,
    league: fixture.league,
    homeTeam: fixture.homeTeam,
    awayTeam: fixture.awayTeam,
    eventTime: fixture.kickoffAt,
    priceCents: 700,
    ...extra,
  });
  return { fixture, tip };
}

async function buyWithCredits(tipId: number) {
  const user = await createUser(t.database.db, { creditBalance: 5000 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tips/buy',
    headers: await t.bearer(user),
    payload: { cart: [tipId] },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

async function buyWithPaypal(tipId: number) {
  const user = await createUser(t.database.db);
  const headers = await t.bearer(user);
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/tips/purchase/paypal',
    headers,
    payload: { cart: [tipId], amount: 0.01 },
  });
  expect(open.statusCode).toBe(200);
  const orderId = open.json().orderId as string;
  await approveAtPaypal(t.app, orderId);
  const capture = await t.app.inject({
    method: 'POST',
    url: '/api/tips/paypal/capture',
    headers,
    payload: { orderId },
  });
  expect(capture.statusCode).toBe(200);
  return { user, paypalOrderId: orderId };
}

async function tipRow(id: number) {
  const [row] = await t.database.db.select().from(tips).where(eq(tips.id, id));
  return row;
}

async function mail(to: string, template: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
}

async function balance(userId: number) {
  const result = (await t.database.db.execute(
    sql`select credit_balance::int as b from users where id = ${userId}`,
  )) as unknown as { rows: Array<{ b: number }> };
  return result.rows[0].b;
}

async function refundsOf(tipId: number) {
  return t.database.db.select().from(tipRefunds).where(eq(tipRefunds.tipId, tipId)).orderBy(tipRefunds.id);
}

async function emulatorRefunds(paypalOrderId: string) {
  const [row] = await t.database.db
    .select()
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.id, paypalOrderId));
  return (JSON.parse(row.body).refunds ?? []) as Array<{ id: string; amount: { value: string } }>;
}

/** Moves the clock past the kick-off and reports the result as a feed would. */
async function resultArrives(
  fixtureId: number,
  kickoffAt: Date,
  input: Parameters<typeof setFixtureResult>[2],
) {
  t.clock.set(new Date(kickoffAt.getTime() + 2 * HOUR));
  await setFixtureResult(t.database.db, fixtureId, { resultAt: t.clock.now(), ...input });
}

describe('automatic settlement by bookmakers’ rules', () => {
  // bettingType, selection, FT, HT, outcome, result
  const cases: Array<[number, string, [number, number], [number, number], string, string]> = [
    [1, 'Home -0.25', [1, 1], [0, 0], 'HALF_LOSS', 'LOSS'],
    [1, 'Away +0.25', [1, 1], [0, 0], 'HALF_WIN', 'WIN'],
    [1, 'Home -0.75', [2, 1], [1, 0], 'HALF_WIN', 'WIN'],
    [1, 'Home -1', [2, 1], [1, 0], 'VOID', 'VOID'],
    [1, 'Home -0.5', [2, 1], [1, 0], 'WIN', 'WIN'],
    [2, 'Over 2.25', [1, 1], [0, 0], 'HALF_LOSS', 'LOSS'],
    [2, 'Over 2.75', [2, 1], [1, 0], 'HALF_WIN', 'WIN'],
    [2, 'Under 3', [2, 1], [1, 0], 'VOID', 'VOID'],
    [2, 'Under 2.5', [2, 1], [1, 0], 'LOSS', 'LOSS'],
    [3, 'Home', [2, 1], [1, 1], 'WIN', 'WIN'],
    [3, 'Draw', [2, 1], [1, 1], 'LOSS', 'LOSS'],
    [4, '2-1', [2, 1], [1, 1], 'WIN', 'WIN'],
    [5, 'Away +0.5', [2, 1], [1, 1], 'WIN', 'WIN'],
    [5, 'Home -0.25', [2, 1], [1, 1], 'HALF_LOSS', 'LOSS'],
    [6, 'Draw', [2, 1], [1, 1], 'WIN', 'WIN'],
    [7, '1-0', [2, 1], [1, 0], 'WIN', 'WIN'],
    [8, 'Under 1.5', [2, 1], [1, 1], 'LOSS', 'LOSS'],
    [8, 'Over 0.75', [2, 1], [1, 0], 'HALF_WIN', 'WIN'],
    [14, 'Home -1', [2, 1], [1, 0], 'LOSS', 'LOSS'],
    [15, 'Odd', [2, 1], [1, 0], 'WIN', 'WIN'],
    [113, 'Away', [1, 1], [0, 1], 'VOID', 'VOID'],
  ];

  it('settles every betting type, quarter and whole lines, with the outcome and the SPEC result', async () => {
    const start = t.clock.now();
    const tipster = await createTipster(t.database.db);
    const made: Array<{
      fixture: Awaited<ReturnType<typeof tipOnFixture>>['fixture'];
      tip: Awaited<ReturnType<typeof tipOnFixture>>['tip'];
      ft: [number, number];
      ht: [number, number];
      outcome: string;
      result: string;
    }> = [];
    for (const [bettingType, selection, ft, ht, outcome, result] of cases) {
      t.clock.set(start);
      const { fixture, tip } = await tipOnFixture({ bettingType, selection }, tipster.id);
      made.push({ fixture, tip, ft, ht, outcome, result });
    }
    for (const m of made) {
      await setFixtureResult(t.database.db, m.fixture.id, { status: 'finished', ft: m.ft, ht: m.ht });
    }
    t.clock.set(new Date(start.getTime() + 3 * HOUR));
    const report = await sweep();
    expect(report.settled.length).toBeGreaterThanOrEqual(cases.length);
    for (const m of made) {
      const row = await tipRow(m.tip.id);
      expect([row.selection, row.outcome, row.result]).toEqual([m.tip.selection, m.outcome, m.result]);
      expect(row.settledBy).toBeNull();
      expect(row.resultDetails).toBe(`FT ${m.ft[0]}-${m.ft[1]} (HT ${m.ht[0]}-${m.ht[1]})`);
      expect(await auditRows(t.database.db, 'tip.auto_settle', m.tip.id)).toHaveLength(1);
    }
    const wins = cases.filter((c) => c[5] === 'WIN').length;
    const losses = cases.filter((c) => c[5] === 'LOSS').length;
    expect(await allTimeStats(t.database.db, tipster.id)).toMatchObject({
      totalTips: cases.length,
      wins,
      losses,
      voids: cases.length - wins - losses,
    });
    // A second sweep finds nothing left on these fixtures.
    const again = await sweep();
    expect(again.settled.filter((s) => made.some((m) => m.tip.id === s.tipId))).toEqual([]);
    expect(await allTimeStats(t.database.db, tipster.id)).toMatchObject({ totalTips: cases.length });
  });

  it('settles each tip once with two sweeps running at once: one email per buyer, stats counted once', async () => {
    const start = t.clock.now();
    const tipster = await createTipster(t.database.db);
    const games = [];
    for (let i = 0; i < 4; i++) {
      t.clock.set(start);
      const game = await tipOnFixture({ bettingType: 1, selection: 'Home -0.25' }, tipster.id);
      const buyers = [await buyWithCredits(game.tip.id), await buyWithCredits(game.tip.id)];
      games.push({ ...game, buyers });
    }
    for (const g of games)
      await setFixtureResult(t.database.db, g.fixture.id, { status: 'finished', ft: [2, 0], ht: [1, 0] });
    t.clock.set(new Date(start.getTime() + 3 * HOUR));
    const [a, b] = await Promise.all([sweep(), sweep()]);
    const ids = games.map((g) => g.tip.id);
    const settledBy = (r: typeof a) => r.settled.filter((s) => ids.includes(s.tipId)).map((s) => s.tipId);
    expect([...settledBy(a), ...settledBy(b)].sort()).toEqual([...ids].sort());
    for (const g of games) {
      expect((await tipRow(g.tip.id)).outcome).toBe('WIN');
      expect(await auditRows(t.database.db, 'tip.auto_settle', g.tip.id)).toHaveLength(1);
      for (const buyer of g.buyers) expect(await mail(buyer.email, 'tip-result')).toHaveLength(1);
    }
    expect(await allTimeStats(t.database.db, tipster.id)).toMatchObject({ totalTips: 4, wins: 4, losses: 0 });
    const [week] = await t.database.db
      .select()
      .from(tipsterStats)
      .where(and(eq(tipsterStats.tipsterId, tipster.id), eq(tipsterStats.period, 'week')));
    expect(week.totalTips).toBe(4);
  });

  it('voids a cancelled match and refunds credits and PayPal buyers exactly once, even swept concurrently', async () => {
    const { fixture, tip } = await tipOnFixture({ priceCents: 1250 });
    const creditsBuyer = await buyWithCredits(tip.id);
    const { user: paypalBuyer, paypalOrderId } = await buyWithPaypal(tip.id);
    expect(await balance(creditsBuyer.id)).toBe(5000 - 1250);
    await setFixtureResult(t.database.db, fixture.id, { status: 'cancelled' });

    await Promise.all([sweep(), sweep()]);
    await sweep();

    const row = await tipRow(tip.id);
    expect([row.outcome, row.result, row.resultDetails]).toEqual(['VOID', 'VOID', 'Match cancelled']);
    expect(await balance(creditsBuyer.id)).toBe(5000);
    const refundEntries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, creditsBuyer.id), eq(ledgerEntries.reason, 'refund')));
    expect(refundEntries.map((e) => e.amountCents)).toEqual([1250]);
    const refunds = await refundsOf(tip.id);
    expect(refunds.map((r) => [r.userId, r.paidWith, r.method, r.status, r.amountCents])).toEqual([
      [creditsBuyer.id, 'credits', 'credits', 'completed', 1250],
      [paypalBuyer.id, 'paypal', 'paypal', 'completed', 1250],
    ]);
    const atPaypal = await emulatorRefunds(paypalOrderId);
    expect(atPaypal.map((r) => r.amount.value)).toEqual(['12.50']);
    expect(refunds[1].providerRefundId).toBe(atPaypal[0].id);
    expect(await balance(paypalBuyer.id)).toBe(0);
    for (const buyer of [creditsBuyer, paypalBuyer]) {
      expect(await mail(buyer.email, 'tip-result')).toHaveLength(1);
      const [refundMail] = await mail(buyer.email, 'tip-refund');
      expect(refundMail.text).toContain('12.50');
      expect(await mail(buyer.email, 'tip-refund')).toHaveLength(1);
    }
    expect((await mail(paypalBuyer.email, 'tip-refund'))[0].text).toContain('PayPal');
  });

  it('refunds as credits when PayPal refuses the refund, and never both', async () => {
    const { fixture, tip } = await tipOnFixture();
    const { user, paypalOrderId } = await buyWithPaypal(tip.id);
    await setFixtureResult(t.database.db, fixture.id, { status: 'abandoned' });
    const refusing: PaypalPort = {
      ...t.paypal,
      refundCapture: async () => {
        throw new PaypalError('rejected', 'PayPal POST refund failed: 422 REFUND_NOT_ALLOWED');
      },
    };
    await sweep(refusing);
    await sweep(t.paypal);
    const [refund] = await refundsOf(tip.id);
    expect([refund.method, refund.status, refund.providerRefundId]).toEqual(['credits', 'completed', null]);
    expect(refund.lastError).toContain('REFUND_NOT_ALLOWED');
    expect(await balance(user.id)).toBe(700);
    expect(await emulatorRefunds(paypalOrderId)).toEqual([]);
    expect(await auditRows(t.database.db, 'tip.refund_as_credits', refund.id)).toHaveLength(1);
    expect(await mail(user.email, 'tip-refund')).toHaveLength(1);
  });

  it('retries PayPal while its answer is unknown, then refunds there once it answers', async () => {
    const { fixture, tip } = await tipOnFixture();
    const { user, paypalOrderId } = await buyWithPaypal(tip.id);
    await setFixtureResult(t.database.db, fixture.id, { status: 'cancelled' });
    let calls = 0;
    const flaky: PaypalPort = {
      ...t.paypal,
      refundCapture: async (...args) => {
        calls++;
        // PayPal refunds, but the answer is lost: the retry with the same request id replays it.
        await t.paypal.refundCapture(...args);
        throw new PaypalError('unavailable', 'PayPal unreachable: socket hang up');
      },
    };
    await sweep(flaky);
    let [refund] = await refundsOf(tip.id);
    expect([refund.status, refund.attempts]).toEqual(['pending', 1]);
    await sweep(flaky); // not due yet: nothing is called
    expect(calls).toBe(1);
    t.clock.advance(10 * 60_000);
    await sweep(t.paypal);
    [refund] = await refundsOf(tip.id);
    expect([refund.method, refund.status]).toEqual(['paypal', 'completed']);
    expect(await emulatorRefunds(paypalOrderId)).toHaveLength(1);
    expect(await balance(user.id)).toBe(0);
    expect(MAX_PAYPAL_ATTEMPTS).toBeGreaterThan(1);
  });

  it('voids a postponed match only once 48 hours have passed since its kick-off', async () => {
    const { fixture, tip } = await tipOnFixture();
    const buyer = await buyWithCredits(tip.id);
    await setFixtureResult(t.database.db, fixture.id, { status: 'postponed' });
    t.clock.set(new Date(fixture.kickoffAt.getTime() + 47 * HOUR));
    await sweep();
    expect((await tipRow(tip.id)).result).toBeNull();
    t.clock.set(new Date(fixture.kickoffAt.getTime() + 48 * HOUR));
    await sweep();
    const row = await tipRow(tip.id);
    expect([row.outcome, row.resultDetails]).toEqual([
      'VOID',
      'Match postponed (not played within 48 hours)',
    ]);
    expect(await balance(buyer.id)).toBe(5000);
  });

  it('follows a kick-off moved within 48 hours, and voids a match moved further once 48 hours pass', async () => {
    const { fixture, tip } = await tipOnFixture();
    const later = new Date(fixture.kickoffAt.getTime() + 5 * HOUR);
    await setFixtureResult(t.database.db, fixture.id, { kickoffAt: later });
    expect(await createFixtureSettlementRepo(t.database.db).followFixtureKickoff([fixture.id])).toEqual([
      tip.id,
    ]);
    expect((await tipRow(tip.id)).eventTime).toEqual(later);

    const far = await tipOnFixture();
    const nextWeek = new Date(far.fixture.kickoffAt.getTime() + 7 * 24 * HOUR);
    await setFixtureResult(t.database.db, far.fixture.id, { kickoffAt: nextWeek });
    expect(await createFixtureSettlementRepo(t.database.db).followFixtureKickoff([far.fixture.id])).toEqual(
      [],
    );
    t.clock.set(new Date(far.fixture.kickoffAt.getTime() + 49 * HOUR));
    await sweep();
    expect((await tipRow(far.tip.id)).outcome).toBe('VOID');
  });

  it('grades an awarded match from the awarded score and voids its half-time markets', async () => {
    const ft = await tipOnFixture({ bettingType: 3, selection: 'Home' });
    const ht = await tipOnFixture({ bettingType: 6, selection: 'Home' });
    for (const g of [ft, ht])
      await resultArrives(g.fixture.id, g.fixture.kickoffAt, { status: 'awarded', ft: [3, 0], ht: null });
    await settleFixtures([ft.fixture.id, ht.fixture.id]);
    expect(await tipRow(ft.tip.id)).toMatchObject({ outcome: 'WIN', resultDetails: 'Awarded 3-0' });
    expect(await tipRow(ht.tip.id)).toMatchObject({ outcome: 'VOID', result: 'VOID' });
  });

  it('settles at once what the fixture writer reports as a new result (onResults → settleFixtures)', async () => {
    const { fixture, tip } = await tipOnFixture({ bettingType: 2, selection: 'Over 2.25' });
    const buyer = await buyWithCredits(tip.id);
    t.clock.set(new Date(fixture.kickoffAt.getTime() + 2 * HOUR));
    const written = await upsertFixtures(
      t.database.db,
      [
        {
          source: fixture.source,
          sourceId: fixture.sourceId,
          competitionId: fixture.competitionId,
          seasonId: fixture.seasonId,
          round: fixture.round,
          homeTeamId: fixture.homeTeamId,
          awayTeamId: fixture.awayTeamId,
          kickoffAt: fixture.kickoffAt,
          status: 'finished',
          halfTime: [1, 0],
          fullTime: [2, 0],
        },
      ],
      t.clock.now(),
    );
    expect(written.resultChangedIds).toEqual([fixture.id]);
    const report = await settleFixtures(written.resultChangedIds);
    expect(report.settled).toEqual([{ tipId: tip.id, fixtureId: fixture.id, outcome: 'HALF_LOSS' }]);
    expect(await mail(buyer.email, 'tip-result')).toHaveLength(1);
  });

  it("refreshes the tipster's record row after its commits; a refresh that throws once is repaired by the refresher", async () => {
    const tipsterId = (await createTipster(t.database.db)).id;
    const first = await tipOnFixture({ bettingType: 2, selection: 'Over 2.25' }, tipsterId);
    const second = await tipOnFixture({ bettingType: 2, selection: 'Over 2.25' }, tipsterId);
    const recordRow = async () =>
      (await t.database.db.select().from(tipsterRecords).where(eq(tipsterRecords.tipsterId, tipsterId)))[0];
    let failures = 0;
    const deps = {
      refreshTipsterRecord: async (id: number) => {
        if (failures++ === 0) throw new Error('process died between the commit and the refresh');
        await refreshTipsterRecord(t.database.db, id);
      },
    };
    // 2-0 on Over 2.25: half the stake pushes, half loses.
    await resultArrives(first.fixture.id, first.fixture.kickoffAt, {
      status: 'finished',
      ft: [2, 0],
      ht: [1, 0],
    });
    expect((await settleFixtures([first.fixture.id], deps)).settled).toHaveLength(1);
    expect(failures).toBe(1);
    expect(await recordRow()).toBeUndefined();
    expect(await staleTipsterRecords(t.database.db)).toContain(tipsterId);
    await backfillTipsterRecords(t.database.db);
    expect(await recordRow()).toMatchObject({ settledTips: 1, longestLosingRun: 1 });

    await resultArrives(second.fixture.id, second.fixture.kickoffAt, {
      status: 'finished',
      ft: [0, 0],
      ht: [0, 0],
    });
    expect((await settleFixtures([second.fixture.id], deps)).settled).toHaveLength(1);
    const row = await recordRow();
    expect(row).toMatchObject({ settledTips: 2, longestLosingRun: 2 });
    expect(row.refreshedChanges).toBe(row.changes);
  });

  it('leaves a tip it cannot grade open for an admin', async () => {
    const noHalfTime = await tipOnFixture({ bettingType: 6, selection: 'Draw' });
    const freeText = await tipOnFixture({ bettingType: 3, selection: 'home win' });
    for (const g of [noHalfTime, freeText])
      await resultArrives(g.fixture.id, g.fixture.kickoffAt, { status: 'finished', ft: [1, 0], ht: null });
    const report = await settleFixtures([noHalfTime.fixture.id, freeText.fixture.id]);
    expect(report.skipped.map((s) => s.tipId)).toEqual([noHalfTime.tip.id, freeText.tip.id]);
    expect((await tipRow(noHalfTime.tip.id)).result).toBeNull();
    expect((await tipRow(freeText.tip.id)).result).toBeNull();

    // Fixtures whose tips stay open never hold up the others, whatever the page size.
    const later = await tipOnFixture({ bettingType: 3, selection: 'Away' });
    await resultArrives(later.fixture.id, later.fixture.kickoffAt, {
      status: 'finished',
      ft: [0, 1],
      ht: [0, 0],
    });
    const swept = await settlementOf(t, { sweepBatchSize: 1 }).sweep();
    expect(swept.fixtures).toBeGreaterThanOrEqual(3);
    expect((await tipRow(later.tip.id)).outcome).toBe('WIN');
    expect((await tipRow(freeText.tip.id)).result).toBeNull();
  });

  it('lets an admin correct an automatic settlement, with a reason, in the audit log', async () => {
    const { fixture, tip } = await tipOnFixture({ bettingType: 1, selection: 'Home -0.25' });
    await resultArrives(fixture.id, fixture.kickoffAt, { status: 'finished', ft: [1, 1], ht: [0, 0] });
    await sweep();
    expect((await tipRow(tip.id)).outcome).toBe('HALF_LOSS');
    const admin = await signedIn(t, ['user', 'admin']);
    await callOk(t, 'POST', `/api/admin/tips/${tip.id}/correct`, admin.token, {
      score: { home: 2, away: 1, htHome: 0, htAway: 0 },
      reason: 'The feed had the wrong score',
    });
    const row = await tipRow(tip.id);
    expect([row.outcome, row.result, row.resultDetails]).toEqual(['WIN', 'WIN', 'FT 2-1 (HT 0-0)']);
    const [audit] = await auditRows(t.database.db, 'tip.correct', tip.id);
    expect(audit.reason).toBe('The feed had the wrong score');
    expect(audit.before).toMatchObject({ result: 'LOSS', outcome: 'HALF_LOSS' });
  });

  it('refunds when an admin settles a tip VOID by hand, once, and keeps the refund through a correction', async () => {
    const { fixture, tip } = await tipOnFixture();
    const buyer = await buyWithCredits(tip.id);
    t.clock.set(new Date(fixture.kickoffAt.getTime() + 2 * HOUR));
    const admin = await signedIn(t, ['user', 'admin']);
    await callOk(t, 'POST', `/api/admin/tips/${tip.id}/settle`, admin.token, {
      result: 'VOID',
      resultDetails: 'Played behind closed doors, market void',
    });
    expect(await balance(buyer.id)).toBe(5000);
    await callOk(t, 'POST', `/api/admin/tips/${tip.id}/correct`, admin.token, {
      result: 'LOSS',
      resultDetails: 'FT 0-1',
      reason: 'The market stood',
    });
    await callOk(t, 'POST', `/api/admin/tips/${tip.id}/correct`, admin.token, {
      result: 'VOID',
      resultDetails: 'Void after all',
      reason: 'The market was void',
    });
    expect(await balance(buyer.id)).toBe(5000);
    expect((await refundsOf(tip.id)).map((r) => [r.method, r.status])).toEqual([['credits', 'completed']]);
    expect(await mail(buyer.email, 'tip-refund')).toHaveLength(1);
  });

  it('sweeps on its own clock and stops cleanly', async () => {
    const { fixture, tip } = await tipOnFixture();
    await resultArrives(fixture.id, fixture.kickoffAt, { status: 'finished', ft: [0, 0], ht: [0, 0] });
    const timers: Array<() => void> = [];
    const sweeper = startSettlementSweeper(settlementOf(t).sweep, {
      log: silent,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    expect(timers).toHaveLength(1);
    timers[0]();
    await sweeper.sweepNow();
    await sweeper.stop();
    expect((await tipRow(tip.id)).outcome).toBe('LOSS');
    expect(await auditRows(t.database.db, 'tip.auto_settle', tip.id)).toHaveLength(1);
  });
});
