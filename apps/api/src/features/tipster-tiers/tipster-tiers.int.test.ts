import { BACKOFFICE_MESSAGES, type ErrorBody, MESSAGES, TIER_RULES } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, call, outboxFor, signedIn } from '../../../test/backoffice.test-support';
import { offerPrice } from '../../../test/market-prices.test-support';
import { signTestAccessToken } from '../../../test/session-token.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tips, tipsterStats, tipsters } from '../../db/schema';
import { createSettledTip, createTipster, createUser } from '../../db/seed/factories';
import { asAttacker } from '../records/records.test-support';
import { createFixture } from '../tips/settlement/settlement.test-support';
import { tipsterTiersServiceOf } from './tipster-tiers.module';

// Issue #28 part 2 (decision 165): tipsters move between Novice, Senior and Premium by their
// verified record, once a day, and admins move them by hand with a reason. Every move is audited
// and emailed to the tipster in their language.

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const review = () => tipsterTiersServiceOf(t).reviewAll();

/** A tipster linked to an account (whose email the tier emails go to). */
async function personTipster(category: 'NOVICE' | 'SENIOR' | 'PREMIUM', language = 'en') {
  const user = await createUser(t.database.db, { roles: ['user', 'tipster'], language });
  const tipster = await createTipster(t.database.db, { userId: user.id, category });
  return { user, tipster };
}

/**
 * `wins` then `losses` settled tips at odds 2.00, stake 1, one a day, the first `spanDays` before
 * now (kick-offs spread evenly up to yesterday).
 */
async function settledRecord(tipsterId: number, wins: number, losses: number, spanDays: number) {
  const now = t.clock.now().getTime();
  const total = wins + losses;
  for (let i = 0; i < total; i++) {
    const eventTime = new Date(now - spanDays * DAY + Math.floor((i * (spanDays - 1) * DAY) / total));
    await createSettledTip(t.database.db, {
      tipsterId,
      eventTime,
      bettingType: 3,
      selection: 'Home',
      oddsHundredths: 200,
      stake: 1,
      priceCents: 0,
      result: i < wins ? 'WIN' : 'LOSS',
    });
  }
}

async function categoryOf(tipsterId: number) {
  const [row] = await t.database.db.select().from(tipsters).where(eq(tipsters.id, tipsterId));
  return row;
}

describe('the daily review', () => {
  it('makes a Novice with enough good settled tips over the period a Senior, audited and emailed; a re-run changes nothing', async () => {
    const good = await personTipster('NOVICE', 'de');
    await settledRecord(good.tipster.id, 26, 10, 40);
    const fewTips = await personTipster('NOVICE');
    await settledRecord(fewTips.tipster.id, 12, 0, 40);
    const tooRecent = await personTipster('NOVICE');
    await settledRecord(tooRecent.tipster.id, 30, 6, 10);
    const losing = await personTipster('NOVICE');
    await settledRecord(losing.tipster.id, 12, 24, 40);

    await review();

    expect((await categoryOf(good.tipster.id)).category).toBe('SENIOR');
    for (const stays of [fewTips, tooRecent, losing]) {
      expect((await categoryOf(stays.tipster.id)).category).toBe('NOVICE');
      expect(await outboxFor(t.database.db, stays.user.email)).toHaveLength(0);
    }
    // The rankings read the category from the statistics rows: they move with the tipster.
    const stats = await t.database.db
      .select({ category: tipsterStats.category })
      .from(tipsterStats)
      .where(eq(tipsterStats.tipsterId, good.tipster.id));
    expect(stats.length).toBeGreaterThan(0);
    expect(stats.every((row) => row.category === 'SENIOR')).toBe(true);

    const [audit] = await auditRows(t.database.db, 'tipster.tier', good.tipster.id);
    expect(audit).toMatchObject({ actorUserId: null, before: { category: 'NOVICE' } });
    expect(audit.after).toMatchObject({
      category: 'SENIOR',
      by: 'rules',
      record: { settledTips: 36, verified: true },
    });
    const [mail] = await outboxFor(t.database.db, good.user.email, 'tier-promoted');
    // In the tipster's language (German).
    expect(mail.subject).toBe('Du bist jetzt Senior-Tippgeber');

    // Now a Senior, the tipster may sell: a priced tip within the Senior cap is published.
    const token = (await signedInAs(good.user)).token;
    const fixture = await createFixture(t.database.db, {
      kickoffAt: new Date(t.clock.now().getTime() + 3 * 3600_000),
    });
    await offerPrice(t.database.db, t.clock.now(), {
      fixtureId: fixture.id,
      bettingType: 3,
      selection: 'Home',
      odds: 2.1,
    });
    const priced = await call(t, 'POST', '/api/tipster/tips', {
      token,
      body: { fixtureId: fixture.id, bettingType: 3, selection: 'Home', odds: 2.1, price: 19, reasoning: '' },
    });
    expect(priced.statusCode).toBe(201);

    // The same day again, and twice at once: nobody is reviewed twice, nothing is written twice.
    const again = await Promise.all([review(), review()]);
    expect(again.map((s) => s.reviewed)).toEqual([0, 0]);
    expect(await auditRows(t.database.db, 'tipster.tier', good.tipster.id)).toHaveLength(1);
    expect(await outboxFor(t.database.db, good.user.email)).toHaveLength(1);
  });

  it('two reviews running at once (two processes) promote and mail a tipster once', async () => {
    const good = await personTipster('NOVICE');
    await settledRecord(good.tipster.id, 26, 10, 40);
    t.clock.advance(DAY);
    const runs = await Promise.all([review(), review(), review()]);
    expect(runs.reduce((n, run) => n + run.promoted, 0)).toBeGreaterThanOrEqual(1);
    expect((await categoryOf(good.tipster.id)).category).toBe('SENIOR');
    expect(await auditRows(t.database.db, 'tipster.tier', good.tipster.id)).toHaveLength(1);
    expect(await outboxFor(t.database.db, good.user.email, 'tier-promoted')).toHaveLength(1);
  });

  it('does not promote a record whose chain does not verify (a tip edited behind the chain)', async () => {
    const forged = await personTipster('NOVICE');
    await settledRecord(forged.tipster.id, 26, 10, 40);
    const [first] = await t.database.db
      .select({ id: tips.id })
      .from(tips)
      .where(eq(tips.tipsterId, forged.tipster.id))
      .limit(1);
    await asAttacker(t.database, async (exec) => {
      await exec(sql`update tips set odds_hundredths = 300 where id = ${first.id}`);
    });
    t.clock.advance(DAY);
    await review();
    // Reviewed today, and kept a Novice: the numbers pass, the chain does not.
    const row = await categoryOf(forged.tipster.id);
    expect(row.tierReviewedOn).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(row.category).toBe('NOVICE');
    expect(await auditRows(t.database.db, 'tipster.tier', forged.tipster.id)).toHaveLength(0);
    expect(await outboxFor(t.database.db, forged.user.email)).toHaveLength(0);
  });

  it('warns a Senior below the keep bar, and moves them down with the reasons once the window has run', async () => {
    const senior = await personTipster('SENIOR');
    await settledRecord(senior.tipster.id, 10, 26, 60);
    t.clock.advance(DAY);
    await review();

    const warned = await categoryOf(senior.tipster.id);
    expect(warned.category).toBe('SENIOR');
    expect(warned.tierBelowSince?.toISOString()).toBe(t.clock.now().toISOString());
    const [warning] = await outboxFor(t.database.db, senior.user.email, 'tier-warning');
    expect(warning.subject).toBe('Your record is below the Senior bar');
    expect(warning.text).toContain(`${TIER_RULES.demotionWindowDays} days`);
    expect(warning.text).toContain('Yield');

    // A day short of the window: still Senior, and no second warning.
    t.clock.advance((TIER_RULES.demotionWindowDays - 1) * DAY);
    await review();
    expect((await categoryOf(senior.tipster.id)).category).toBe('SENIOR');
    expect(await outboxFor(t.database.db, senior.user.email)).toHaveLength(1);

    t.clock.advance(DAY);
    await review();
    const demoted = await categoryOf(senior.tipster.id);
    expect(demoted.category).toBe('NOVICE');
    expect(demoted.tierBelowSince).toBeNull();
    const [audit] = await auditRows(t.database.db, 'tipster.tier', senior.tipster.id);
    expect(audit.before).toMatchObject({ category: 'SENIOR' });
    expect(audit.after).toMatchObject({ category: 'NOVICE', by: 'rules', missed: [{ criterion: 'yield' }] });
    const [mail] = await outboxFor(t.database.db, senior.user.email, 'tier-demoted');
    expect(mail.subject).toBe('Your tipster tier is now Novice');
    expect(mail.text).toContain('Yield');
    expect(mail.text).toContain('free tips only');
  });

  it('closes the window when the record recovers', async () => {
    const senior = await personTipster('SENIOR');
    await settledRecord(senior.tipster.id, 14, 22, 60);
    t.clock.advance(DAY);
    await review();
    expect((await categoryOf(senior.tipster.id)).tierBelowSince).not.toBeNull();
    await settledRecord(senior.tipster.id, 20, 0, 5);
    t.clock.advance(DAY);
    await review();
    const row = await categoryOf(senior.tipster.id);
    expect(row.category).toBe('SENIOR');
    expect(row.tierBelowSince).toBeNull();
  });
});

async function signedInAs(user: { id: number; roles: string[] }) {
  return { token: await signTestAccessToken(t, user) };
}

describe('POST /api/admin/tipsters/{id}/tier', () => {
  it('moves a tipster with a reason: audited, emailed, and held against the daily review', async () => {
    const admin = await signedIn(t, ['user', 'admin']);
    const novice = await personTipster('NOVICE');
    const response = await call(t, 'POST', `/api/admin/tipsters/${novice.tipster.id}/tier`, {
      token: admin.token,
      body: { category: 'SENIOR', reason: 'Known tipster, record imported from another site' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ previousCategory: 'NOVICE', category: 'SENIOR' });
    expect((await categoryOf(novice.tipster.id)).category).toBe('SENIOR');

    const [audit] = await auditRows(t.database.db, 'tipster.tier', novice.tipster.id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      reason: 'Known tipster, record imported from another site',
      before: { category: 'NOVICE' },
    });
    const [mail] = await outboxFor(t.database.db, novice.user.email, 'tier-promoted');
    expect(mail.text).toContain('Known tipster, record imported from another site');

    // The profile shows the new tier.
    const profile = await call(t, 'GET', `/api/tipsters/profile/${novice.tipster.id}`);
    expect(profile.json().category).toBe('SENIOR');

    // A losing record would open a window, but the admin's move holds for its days.
    await settledRecord(novice.tipster.id, 5, 30, 40);
    t.clock.advance(DAY);
    await review();
    expect((await categoryOf(novice.tipster.id)).tierBelowSince).toBeNull();
  });

  it('answers 403 to non-admins, 404 for an unknown tipster, 422 for a bad tier and 400 without a reason', async () => {
    const member = await signedIn(t, ['user']);
    const admin = await signedIn(t, ['user', 'admin']);
    const { tipster } = await personTipster('NOVICE');
    const url = `/api/admin/tipsters/${tipster.id}/tier`;
    const body = { category: 'SENIOR', reason: 'Strong record elsewhere' };

    expect((await call(t, 'POST', url, { body })).statusCode).toBe(401);
    expect((await call(t, 'POST', url, { token: member.token, body })).statusCode).toBe(403);
    const unknown = await call(t, 'POST', '/api/admin/tipsters/999999/tier', { token: admin.token, body });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).errors).toEqual([MESSAGES.tipsterNotFound]);
    for (const category of ['GURU', 'AI MODEL', '']) {
      const bad = await call(t, 'POST', url, { token: admin.token, body: { ...body, category } });
      expect(bad.statusCode, category).toBe(422);
      expect((bad.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.tierInvalid]);
    }
    const noReason = await call(t, 'POST', url, {
      token: admin.token,
      body: { category: 'SENIOR', reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as ErrorBody).errors).toContain(BACKOFFICE_MESSAGES.reasonRequired);
    // Nothing moved, nothing audited.
    expect((await categoryOf(tipster.id)).category).toBe('NOVICE');
    expect(await auditRows(t.database.db, 'tipster.tier', tipster.id)).toHaveLength(0);
  });

  it('refuses to give an AI model a person tier', async () => {
    const admin = await signedIn(t, ['user', 'admin']);
    const model = await createTipster(t.database.db, { category: 'Low AI Model' });
    const response = await call(t, 'POST', `/api/admin/tipsters/${model.id}/tier`, {
      token: admin.token,
      body: { category: 'PREMIUM', reason: 'Trying to promote a model' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('price caps per tier', () => {
  it('refuses a price above the tier cap with a 422 that says why; the cap itself is accepted', async () => {
    const cases = [
      { category: 'NOVICE', over: 1, message: BACKOFFICE_MESSAGES.trialTipsFreeOnly },
      { category: 'SENIOR', over: 50.01, message: BACKOFFICE_MESSAGES.seniorPriceCap, cap: 50 },
      { category: 'PREMIUM', over: 250.01, message: BACKOFFICE_MESSAGES.premiumPriceCap, cap: 250 },
    ] as const;
    for (const c of cases) {
      const { user } = await personTipster(c.category);
      const { token } = await signedInAs(user);
      const tip = async (price: number) => {
        const fixture = await createFixture(t.database.db, {
          kickoffAt: new Date(t.clock.now().getTime() + 3 * 3600_000),
        });
        await offerPrice(t.database.db, t.clock.now(), {
          fixtureId: fixture.id,
          bettingType: 3,
          selection: 'Home',
          odds: 2.1,
        });
        return call(t, 'POST', '/api/tipster/tips', {
          token,
          body: { fixtureId: fixture.id, bettingType: 3, selection: 'Home', odds: 2.1, price, reasoning: '' },
        });
      };
      const over = await tip(c.over);
      expect(over.statusCode, c.category).toBe(422);
      expect((over.json() as ErrorBody).errors).toEqual([c.message]);
      if ('cap' in c) expect((await tip(c.cap)).statusCode, c.category).toBe(201);
    }
  });
});
