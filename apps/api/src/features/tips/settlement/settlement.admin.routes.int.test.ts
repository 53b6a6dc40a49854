import {
  BACKOFFICE_MESSAGES,
  type BackofficeTipPage,
  type ErrorBody,
  LEADERBOARD_MIN_SETTLED,
  RANKING_MIN_SETTLED,
  type RunningTipsResponse,
  type SettleMatchResponse,
  type SettleTipResponse,
  SettleTipResponseSchema,
  type StatisticsResponse,
  type TipHistoryPage,
  type TipsterProfile,
  type UnsettledMatchesResponse,
} from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allTimeStats,
  at,
  auditRows,
  call,
  callOk,
  NOW,
  outboxFor,
  signedIn,
} from '../../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { emailOutbox, entitlements, tips } from '../../../db/schema';
import { createSettledTip, createTip, createTipster, createUser } from '../../../db/seed/factories';
import { toBackofficeTips } from '../backoffice-tip-view';
import { findTipWithTipster } from '../tip-view.repo';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await signedIn(t, ['user', 'admin']);
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

const settle = (tipId: number, body: unknown) =>
  call(t, 'POST', `/api/admin/tips/${tipId}/settle`, { token: admin.token, body });
const settleOk = (tipId: number, body: unknown) =>
  callOk<SettleTipResponse>(t, 'POST', `/api/admin/tips/${tipId}/settle`, admin.token, body);

/** A tip whose match kicked off two hours ago. */
async function kickedOffTip(tipsterId: number, extra: Partial<Parameters<typeof createTip>[1]> = {}) {
  return createTip(t.database.db, { tipsterId, now: at(-30), eventTime: at(-2), ...extra });
}

describe('POST /api/admin/tips/{id}/settle', () => {
  it('settles with an explicit result: tip, aggregates, buyer emails and audit row together', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const tip = await kickedOffTip(tipster.id, { oddsHundredths: 210 });
    const buyer = await createUser(db);
    const gifted = await createUser(db);
    await db.insert(entitlements).values([
      { userId: buyer.id, tipId: tip.id, source: 'credits' },
      { userId: gifted.id, tipId: tip.id, source: 'admin' },
      { buyerEmail: 'Visitor@Example.test', tipId: tip.id, source: 'paypal' },
    ]);

    const body = await settleOk(tip.id, { result: 'WIN', resultDetails: 'FT 2-0' });
    expect(SettleTipResponseSchema.safeParse(body).success).toBe(true);
    expect(body.emailsQueued).toBe(3);
    expect(body.data).toMatchObject({
      id: tip.id,
      isFinalized: true,
      isWin: true,
      result: 'Win',
      resultDetails: 'FT 2-0',
      settledAt: NOW.toISOString(),
      selection: 'Home -0.5',
    });

    const [row] = await db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row).toMatchObject({ result: 'WIN', resultDetails: 'FT 2-0', settledBy: admin.user.id });
    expect(await allTimeStats(db, tipster.id)).toMatchObject({
      totalTips: 1,
      wins: 1,
      losses: 0,
      voids: 0,
      oddsSumHundredths: 210,
      hitRateBp: 10000,
    });

    for (const to of [buyer.email, gifted.email, 'Visitor@Example.test']) {
      const [mail] = await outboxFor(db, to, 'tip-result');
      expect(mail.subject).toContain('Arsenal vs Chelsea');
      expect(mail.text).toContain('Selection: Home -0.5');
      expect(mail.text).toContain('Result: Win');
      expect(mail.text).toContain('Details: FT 2-0');
    }

    const [audit] = await auditRows(db, 'tip.settle', tip.id);
    expect(audit).toMatchObject({ actorUserId: admin.user.id, entity: 'tip', before: { result: null } });
    expect(audit.after).toMatchObject({ result: 'WIN', resultDetails: 'FT 2-0', settledBy: admin.user.id });
  });

  it('tells each buyer once and answers what a fresh read would show, also after a correction', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const tip = await kickedOffTip(tipster.id);
    const buyer = await createUser(db);
    await db.insert(entitlements).values([
      { userId: buyer.id, tipId: tip.id, source: 'credits' },
      // The admin bought it too (the response says isOwned), and the buyer's address came in
      // again from a visitor's purchase in other letters case (one email, not two).
      { userId: admin.user.id, tipId: tip.id, source: 'credits' },
      { buyerEmail: buyer.email.toUpperCase(), tipId: tip.id, source: 'paypal' },
      { buyerEmail: 'Other.Visitor@Example.test', tipId: tip.id, source: 'paypal' },
    ]);
    const freshView = async () => {
      const row = await findTipWithTipster(db, tip.id);
      return (await toBackofficeTips(db, [row!], { userId: admin.user.id, isAdmin: true }))[0];
    };
    const resultMails = async (template: string) =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.template, template))).filter((m) =>
        m.dedupeKey?.includes(`:${tip.id}:`),
      );

    const settled = await settleOk(tip.id, { result: 'LOSS', resultDetails: 'FT 0-2' });
    expect(settled.emailsQueued).toBe(3);
    expect(settled.data).toEqual(await freshView());
    expect(settled.data).toMatchObject({ isOwned: true, tipster: { results: [false] } });
    expect((await resultMails('tip-result')).map((m) => m.toAddress).sort()).toEqual(
      [admin.user.email, buyer.email, 'Other.Visitor@Example.test'].sort(),
    );
    const [audit] = await auditRows(db, 'tip.settle', tip.id);
    expect(audit.before).toEqual({ result: null });
    expect(audit.after).toEqual({
      result: 'LOSS',
      resultDetails: 'FT 0-2',
      settledAt: NOW.toISOString(),
      settledBy: admin.user.id,
    });

    const corrected = await callOk<SettleTipResponse>(
      t,
      'POST',
      `/api/admin/tips/${tip.id}/correct`,
      admin.token,
      { result: 'WIN', resultDetails: 'FT 2-0', reason: 'Home and away swapped' },
    );
    expect(corrected.emailsQueued).toBe(3);
    expect(corrected.data).toEqual(await freshView());
    expect(corrected.data).toMatchObject({ result: 'Win', tipster: { results: [true] } });
    expect(await resultMails('tip-result-corrected')).toHaveLength(3);
  });

  it('grades the result from a final score and describes the score', async () => {
    const tipster = await createTipster(t.database.db);
    const over = await kickedOffTip(tipster.id, { bettingType: 2, selection: 'Over 2.5' });
    const score = { home: 2, away: 1, htHome: 0, htAway: 1 };
    const suggested = await callOk(t, 'POST', `/api/admin/tips/${over.id}/suggest-result`, admin.token, {
      score,
    });
    expect(suggested).toEqual({ result: 'WIN', resultDetails: 'FT 2-1 (HT 0-1)' });
    const body = await settleOk(over.id, { score });
    expect(body.data).toMatchObject({ result: 'Win', resultDetails: 'FT 2-1 (HT 0-1)' });

    const under = await kickedOffTip(tipster.id, { bettingType: 2, selection: 'Under 2.5' });
    const overridden = await settleOk(under.id, {
      score,
      result: 'VOID',
      resultDetails: 'Abandoned at 70 minutes',
    });
    expect(overridden.data).toMatchObject({
      result: 'Void',
      isWin: null,
      resultDetails: 'Abandoned at 70 minutes',
    });
  });

  it('refuses a second settlement (409) and leaves the aggregates alone', async () => {
    const tipster = await createTipster(t.database.db);
    const tip = await kickedOffTip(tipster.id);
    await settleOk(tip.id, { result: 'LOSS', resultDetails: 'FT 0-1' });
    const response = await settle(tip.id, { result: 'WIN', resultDetails: 'FT 1-0' });
    expect(response.statusCode).toBe(409);
    expect(await allTimeStats(t.database.db, tipster.id)).toMatchObject({ totalTips: 1, wins: 0, losses: 1 });
  });

  it('settles once when two admins settle the same tip at the same moment', async () => {
    const tipster = await createTipster(t.database.db);
    const tip = await kickedOffTip(tipster.id);
    const buyer = await createUser(t.database.db);
    await t.database.db.insert(entitlements).values({ userId: buyer.id, tipId: tip.id, source: 'credits' });
    const responses = await Promise.all([
      settle(tip.id, { result: 'WIN', resultDetails: 'FT 1-0' }),
      settle(tip.id, { result: 'LOSS', resultDetails: 'FT 0-1' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await allTimeStats(t.database.db, tipster.id)).toMatchObject({ totalTips: 1 });
    expect(await outboxFor(t.database.db, buyer.email, 'tip-result')).toHaveLength(1);
    expect(await auditRows(t.database.db, 'tip.settle', tip.id)).toHaveLength(1);
  });

  it('refuses to settle before kick-off (422)', async () => {
    const tipster = await createTipster(t.database.db);
    const tip = await createTip(t.database.db, { tipsterId: tipster.id, now: NOW, eventTime: at(1) });
    const response = await settle(tip.id, { result: 'WIN', resultDetails: 'FT 1-0' });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.notKickedOff]);
  });

  it('asks for an explicit result when the selection cannot be graded (422)', async () => {
    const tipster = await createTipster(t.database.db);
    const tip = await kickedOffTip(tipster.id, { selection: 'Home -0.3' });
    const response = await settle(tip.id, { score: { home: 1, away: 0, htHome: 0, htAway: 0 } });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.cannotGrade]);
  });

  it.each([
    [{}, BACKOFFICE_MESSAGES.resultOrScoreRequired],
    [{ result: 'WIN' }, BACKOFFICE_MESSAGES.resultDetailsRequired],
    [{ result: 'DRAW', resultDetails: 'x' }, 'result must be WIN, LOSS or VOID'],
    [{ score: { home: 1, away: 0, htHome: 2, htAway: 0 } }, BACKOFFICE_MESSAGES.scoreInvalid],
  ])('rejects %j (400)', async (body, message) => {
    const tipster = await createTipster(t.database.db);
    const tip = await kickedOffTip(tipster.id);
    const response = await settle(tip.id, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });

  it('answers 404 for an unknown tip', async () => {
    expect((await settle(987654, { result: 'WIN', resultDetails: 'x' })).statusCode).toBe(404);
  });
});

describe("settlement and the buyer's dashboard", () => {
  it('moves the tip from Running Tips to History, with the result', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const tip = await kickedOffTip(tipster.id);
    const buyer = await signedIn(t);
    await db.insert(entitlements).values({ userId: buyer.user.id, tipId: tip.id, source: 'credits' });
    const running = () => callOk<RunningTipsResponse>(t, 'GET', '/api/tips/running', buyer.token);
    const history = () => callOk<TipHistoryPage>(t, 'GET', '/api/tips/history', buyer.token);
    expect((await running()).data.map((r) => r.id)).toContain(tip.id);
    expect((await history()).data.map((r) => r.id)).not.toContain(tip.id);

    await settleOk(tip.id, { result: 'WIN', resultDetails: 'FT 2-0' });

    expect((await running()).data.map((r) => r.id)).not.toContain(tip.id);
    const [settled] = (await history()).data.filter((r) => r.id === tip.id);
    expect(settled).toMatchObject({ isFinalized: true, isWin: true, result: 'Win', resultDetails: 'FT 2-0' });
  });
});

describe('settlement and the public figures', () => {
  it('moves the profile and the rankings exactly as the new result implies, and back on correction', async () => {
    const db = t.database.db;
    // The tables rank first the tipsters with 30 settled tips all time (decision 160).
    expect(RANKING_MIN_SETTLED.all).toBe(30);
    const tipster = await createTipster(db, { name: 'Pia Premium', category: 'PREMIUM' });
    // Twenty pushes in April at the same odds: a sample of 29 settled tips, one short of the
    // leaderboards' minimum (LEADERBOARD_MIN_SETTLED), without moving any other figure.
    expect(LEADERBOARD_MIN_SETTLED).toBe(30);
    for (let i = 0; i < 20; i++) {
      await createSettledTip(db, {
        tipsterId: tipster.id,
        result: 'VOID',
        eventTime: new Date(Date.UTC(2025, 3, 1 + i, 15)),
        oddsHundredths: 200,
      });
    }
    // Eight decided tips in mid-May (4 won, 4 lost) and one won this week: 29 settled, not yet proven.
    for (let i = 0; i < 8; i++) {
      await createSettledTip(db, {
        tipsterId: tipster.id,
        result: i % 2 === 0 ? 'WIN' : 'LOSS',
        eventTime: new Date(Date.UTC(2025, 4, 10 + i, 15)),
        oddsHundredths: 200,
      });
    }
    await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: at(-6),
      oddsHundredths: 200,
    });
    const open = await kickedOffTip(tipster.id, { oddsHundredths: 250 });

    const profile = () =>
      callOk<TipsterProfile>(t, 'GET', `/api/tipsters/profile/${tipster.id}`, admin.token);
    const statistics = () => callOk<StatisticsResponse>(t, 'GET', '/api/tipsters/statistics', admin.token);
    const rowOf = (rows: StatisticsResponse['topTipstersAllTime']) => rows.find((r) => r.id === tipster.id);

    const before = await profile();
    expect(before).toMatchObject({
      totalTips: 29,
      wins: 5,
      losses: 4,
      draws: 20,
      hitRate: 55.56,
      averageOdds: 2,
      unitsStaked: 29,
      profit: 1,
    });
    const statsBefore = await statistics();
    const provenBefore = statsBefore.topTipstersAllTime.filter((r) => r.totalTips >= 30).length;

    await settleOk(open.id, { result: 'WIN', resultDetails: 'FT 3-1' });

    const after = await profile();
    expect(after).toMatchObject({
      totalTips: 30,
      wins: 6,
      losses: 4,
      draws: 20,
      hitRate: 60,
      averageOdds: 2.02,
      profit: 2.5,
      yield: 8.33,
    });
    expect(after.results[0]).toBe(true);
    const statsAfter = await statistics();
    expect(rowOf(statsAfter.topTipstersAllTime)).toEqual({
      id: tipster.id,
      name: 'Pia Premium',
      totalTips: 30,
      averageOdds: 2.02,
      winPercentage: 60,
      wins: 6,
      fails: 4,
      profit: 2.5,
      yield: 8.33,
    });
    expect(rowOf(statsAfter.topWeeklyPremiums)).toMatchObject({
      totalTips: 2,
      wins: 2,
      fails: 0,
      winPercentage: 100,
    });
    expect(rowOf(statsAfter.topMonthlyPremiums)).toMatchObject({ totalTips: 2, profit: 2.5 });
    // Now proven, and the only one with a settled tip who is: first of the all-time table.
    expect(provenBefore).toBe(0);
    expect(statsAfter.topTipstersAllTime[0].id).toBe(tipster.id);

    await callOk(t, 'POST', `/api/admin/tips/${open.id}/correct`, admin.token, {
      result: 'LOSS',
      resultDetails: 'FT 1-3',
      reason: 'Home and away swapped when settling',
    });

    const corrected = await profile();
    expect(corrected).toMatchObject({
      totalTips: 30,
      wins: 5,
      losses: 5,
      hitRate: 50,
      averageOdds: 2.02,
      profit: 0,
      yield: 0,
    });
    expect(corrected.results[0]).toBe(false);
    const statsCorrected = await statistics();
    expect(rowOf(statsCorrected.topTipstersAllTime)).toMatchObject({
      wins: 5,
      fails: 5,
      winPercentage: 50,
      profit: 0,
    });
    expect(rowOf(statsCorrected.topWeeklyPremiums)).toMatchObject({ wins: 1, fails: 1, winPercentage: 50 });
  });
});

describe('POST /api/admin/tips/{id}/correct', () => {
  it('replaces the result with a reason, audits before and after, and tells the buyers', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const tip = await kickedOffTip(tipster.id, { oddsHundredths: 190 });
    const buyer = await createUser(db);
    await db.insert(entitlements).values({ userId: buyer.id, tipId: tip.id, source: 'credits' });
    await settleOk(tip.id, { result: 'WIN', resultDetails: 'FT 1-0' });
    const later = new Date(NOW.getTime() + 5 * 60_000);
    t.clock.set(later);

    const body = await callOk<SettleTipResponse>(
      t,
      'POST',
      `/api/admin/tips/${tip.id}/correct`,
      admin.token,
      {
        score: { home: 0, away: 1, htHome: 0, htAway: 0 },
        reason: 'Wrong match result typed',
      },
    );
    expect(body.data).toMatchObject({ result: 'Loss', resultDetails: 'FT 0-1 (HT 0-0)' });
    expect(body.emailsQueued).toBe(1);
    expect(await allTimeStats(db, tipster.id)).toMatchObject({
      totalTips: 1,
      wins: 0,
      losses: 1,
      oddsSumHundredths: 190,
    });

    const [audit] = await auditRows(db, 'tip.correct', tip.id);
    expect(audit).toMatchObject({ actorUserId: admin.user.id, reason: 'Wrong match result typed' });
    expect(audit.before).toMatchObject({
      result: 'WIN',
      resultDetails: 'FT 1-0',
      settledAt: NOW.toISOString(),
    });
    expect(audit.after).toMatchObject({
      result: 'LOSS',
      resultDetails: 'FT 0-1 (HT 0-0)',
      settledAt: later.toISOString(),
    });
    const [mail] = await outboxFor(db, buyer.email, 'tip-result-corrected');
    expect(mail.text).toContain('Result: Loss');
  });

  it('requires a reason (400), a settled tip (409) and an actual change (422)', async () => {
    const tipster = await createTipster(t.database.db);
    const tip = await kickedOffTip(tipster.id);
    const correct = (body: unknown) =>
      call(t, 'POST', `/api/admin/tips/${tip.id}/correct`, { token: admin.token, body });

    expect((await correct({ result: 'LOSS', resultDetails: 'FT 0-1', reason: 'because' })).statusCode).toBe(
      409,
    );
    await settleOk(tip.id, { result: 'WIN', resultDetails: 'FT 1-0' });
    const noReason = await correct({ result: 'LOSS', resultDetails: 'FT 0-1' });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as ErrorBody).errors).toContain(BACKOFFICE_MESSAGES.reasonRequired);
    expect((await correct({ result: 'LOSS', resultDetails: 'FT 0-1', reason: '  ' })).statusCode).toBe(400);
    const same = await correct({ result: 'WIN', resultDetails: 'FT 1-0', reason: 'no change' });
    expect(same.statusCode).toBe(422);
    expect(await auditRows(t.database.db, 'tip.correct', tip.id)).toHaveLength(0);
  });
});

describe('POST /api/admin/matches/settle', () => {
  it('grades every open tip of the match and leaves what it cannot grade', async () => {
    const db = t.database.db;
    // One after the other: settlement goes tipster by tipster (by id), and the expectations below
    // list a's tips first. Created concurrently, b could get the lower id on PostgreSQL.
    const a = await createTipster(db);
    const b = await createTipster(db, { category: 'PREMIUM' });
    const match = { homeTeam: 'Lazio', awayTeam: 'Roma', eventTime: at(-3), league: 'Serie A' };
    const homeWin = await createTip(db, {
      tipsterId: a.id,
      now: at(-30),
      ...match,
      bettingType: 3,
      selection: 'Home',
    });
    const over = await createTip(db, {
      tipsterId: b.id,
      now: at(-30),
      ...match,
      bettingType: 2,
      selection: 'Over 2.5',
    });
    // Typed slightly differently by its tipster: still the same match.
    const htDraw = await createTip(db, {
      tipsterId: b.id,
      now: at(-30),
      ...match,
      homeTeam: ' lazio ',
      bettingType: 6,
      selection: 'Draw',
    });
    const quarter = await createTip(db, { tipsterId: a.id, now: at(-30), ...match, selection: 'Home -0.3' });
    const otherMatch = await createTip(db, { tipsterId: a.id, now: at(-30), eventTime: at(-3) });

    const matches = await callOk<UnsettledMatchesResponse>(
      t,
      'GET',
      '/api/admin/matches/unsettled',
      admin.token,
    );
    const listed = matches.data.find((m) => m.awayTeam === 'Roma');
    expect(listed).toMatchObject({
      league: 'Serie A',
      eventTime: match.eventTime.toISOString(),
      openTips: 4,
    });
    expect(listed?.homeTeam.toLowerCase()).toBe('lazio');

    const body = await callOk<SettleMatchResponse>(t, 'POST', '/api/admin/matches/settle', admin.token, {
      homeTeam: 'LAZIO',
      awayTeam: 'Roma',
      eventTime: match.eventTime.toISOString(),
      score: { home: 2, away: 1, htHome: 1, htAway: 1 },
    });
    expect(body.settled).toEqual([
      { tipId: homeWin.id, result: 'WIN' },
      { tipId: over.id, result: 'WIN' },
      { tipId: htDraw.id, result: 'WIN' },
    ]);
    expect(body.skipped).toEqual([{ tipId: quarter.id, reason: BACKOFFICE_MESSAGES.cannotGrade }]);

    const rows = await db.select().from(tips).where(eq(tips.awayTeam, 'Roma'));
    expect(rows.find((r) => r.id === quarter.id)?.result).toBeNull();
    expect(rows.find((r) => r.id === over.id)?.resultDetails).toBe('FT 2-1 (HT 1-1)');
    const [untouched] = await db.select().from(tips).where(eq(tips.id, otherMatch.id));
    expect(untouched.result).toBeNull();
    expect(await allTimeStats(db, b.id)).toMatchObject({ totalTips: 2, wins: 2 });
    expect(await auditRows(db, 'tip.settle', over.id)).toHaveLength(1);

    const again = await call(t, 'POST', '/api/admin/matches/settle', {
      token: admin.token,
      body: {
        ...match,
        league: undefined,
        eventTime: match.eventTime.toISOString(),
        score: { home: 0, away: 0, htHome: 0, htAway: 0 },
      },
    });
    expect(again.json()).toMatchObject({ settled: [], skipped: [{ tipId: quarter.id }] });
  });

  it('answers 404 when the match has no open tips and 422 before kick-off', async () => {
    const score = { home: 0, away: 0, htHome: 0, htAway: 0 };
    const none = await call(t, 'POST', '/api/admin/matches/settle', {
      token: admin.token,
      body: { homeTeam: 'Nobody', awayTeam: 'Nowhere', eventTime: at(-5).toISOString(), score },
    });
    expect(none.statusCode).toBe(404);
    const early = await call(t, 'POST', '/api/admin/matches/settle', {
      token: admin.token,
      body: { homeTeam: 'Arsenal', awayTeam: 'Chelsea', eventTime: at(5).toISOString(), score },
    });
    expect(early.statusCode).toBe(422);
  });
});

describe('GET /api/admin/tips/unsettled', () => {
  it('lists open tips whose kick-off has passed, oldest first, with their selections', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const old = await createTip(db, {
      tipsterId: tipster.id,
      now: at(-100),
      eventTime: at(-90),
      selection: 'Away +1.5',
    });
    const future = await createTip(db, { tipsterId: tipster.id, now: NOW, eventTime: at(4) });
    const page = await callOk<BackofficeTipPage>(
      t,
      'GET',
      '/api/admin/tips/unsettled?pageSize=50',
      admin.token,
    );
    const ids = page.data.map((tip) => tip.id);
    expect(ids[0]).toBe(old.id);
    expect(ids).not.toContain(future.id);
    expect(page.data[0]).toMatchObject({ selection: 'Away +1.5', isFinalized: false });
    expect(page.data.every((tip) => tip.result === null && Date.parse(tip.eventTime) <= NOW.getTime())).toBe(
      true,
    );
  });
});
