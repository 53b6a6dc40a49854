import { MESSAGES } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSubscriptions,
  alertSettings,
  emailOutbox,
  entitlements,
  follows,
  ledgerEntries,
  orders,
  tipNotifications,
  tipRefunds,
  users,
} from '../../db/schema';
import { createTip, createTipster, createUser, grantCredits } from '../../db/seed/factories';
import { deliverAiTipToSubscribers } from '../commerce/ai-subscriptions/deliver-ai-tip';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  expectLedgerInvariants,
  mailTo,
} from '../commerce/commerce.test-support';
import { createVoidedTipRefundsOn } from '../commerce/voided-tip-refunds/voided-tip-refunds.services';
import { GOOD_PASSWORD, post, registerAndLogin } from './accounts.test-support';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerInvariants(t.database.db);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A member with a follow, a credit purchase, a manual request and the emails these sent, and alerts:
 * a default email mode, the follow's own mode and one read notification in the bell. */
async function activeMember() {
  const session = await registerAndLogin(t.app);
  const [user] = await t.database.db.select().from(users).where(eq(users.username, session.reg.Username));
  // Buying needs a verified address (decision 083).
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await grantCredits(t.database.db, user.id, 5_000, `privacy-${user.id}`);
  const tipster = await createTipster(t.database.db, { name: 'Privacy Pundit' });
  const auth = bearer(session.accessToken);
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/tipsters/follow/${tipster.id}`, headers: auth }))
      .statusCode,
  ).toBe(200);
  const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 1_250 });
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/tips/buy',
    headers: auth,
    payload: { cart: [tip.id] },
  });
  expect(bought.statusCode).toBe(200);
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/credits/request',
    headers: auth,
    payload: { credits: 100, method: 4 },
  });
  expect(requested.statusCode).toBe(200);
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: '/api/alerts/settings',
        headers: auth,
        payload: { mode: 'digest' },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/alerts/settings/tipsters/${tipster.id}`,
        headers: auth,
        payload: { mode: 'off' },
      })
    ).statusCode,
  ).toBe(200);
  // The alert mailer's expansion of a fan-out row, written as it would (alerts.int.test covers the mailer).
  const [alertedTip] = await createOpenTips(t.database.db, 1, {
    now: t.clock.now(),
    tipsterId: tipster.id,
    priceCents: 0,
  });
  await t.database.db.insert(tipNotifications).values({
    userId: user.id,
    tipId: alertedTip.id,
    tipsterId: tipster.id,
    email: 'none',
    createdAt: t.clock.now(),
    readAt: t.clock.now(),
  });
  return { ...session, user, tip, tipster, alertedTip, auth };
}

describe('GET /api/users/profile/data-export', () => {
  it('downloads one JSON file with profile, follows, purchases, ledger, emails and sessions', async () => {
    const member = await activeMember();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile/data-export',
      headers: member.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tips-market-my-data-/);
    const file = response.json();
    expect(file.profile).toMatchObject({
      username: member.reg.Username,
      email: member.reg.Email,
      firstName: member.reg.FirstName,
      creditBalance: 37.5,
    });
    expect(file.follows).toEqual([
      expect.objectContaining({
        tipsterId: member.tipster.id,
        tipsterName: 'Privacy Pundit',
        alertMode: 'off',
      }),
    ]);
    // What the alerts feature stores about the member (decision 085).
    expect(file.alerts).toEqual({
      defaultMode: 'digest',
      defaultModeUpdatedAt: t.clock.now().toISOString(),
      notifications: [
        {
          tipId: member.alertedTip.id,
          tipsterId: member.tipster.id,
          tipsterName: 'Privacy Pundit',
          emailMode: 'none',
          createdAt: t.clock.now().toISOString(),
          emailedAt: null,
          readAt: t.clock.now().toISOString(),
        },
      ],
    });
    expect(file.aiSubscriptions).toEqual([]);
    expect(file.refunds).toEqual([]);
    expect(file.creditDebts).toEqual([]);
    expect(file.revokedTips).toEqual([]);
    expect(file.purchases).toHaveLength(2);
    expect(file.purchases[0]).toMatchObject({
      provider: 'credits',
      status: 'COMPLETED',
      amount: 12.5,
      items: [{ tipId: member.tip.id, price: 12.5 }],
    });
    expect(file.purchases[1]).toMatchObject({ type: 'CREDITS', status: 'PENDING', credits: 100 });
    expect(file.tipsOwned).toEqual([expect.objectContaining({ tipId: member.tip.id, source: 'credits' })]);
    expect(file.ledger.map((e: { amount: number }) => e.amount)).toEqual([50, -12.5]);
    expect(file.emailsSent.length).toBeGreaterThanOrEqual(3); // verification, receipt, instructions
    expect(file.emailsSent.every((e: { to: string }) => e.to === member.reg.Email)).toBe(true);
    expect(file.sessions).toEqual([expect.objectContaining({ endedAt: null })]);
    // Secrets never leave: no password hash, no token hashes.
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toMatch(/passwordHash|tokenHash|token_hash/);
  });

  it("never gives one account another's data: the token's user only, a forged token refused", async () => {
    const member = await activeMember();
    const attacker = await registerAndLogin(t.app);
    const exportAs = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/users/profile/data-export${query}`, headers });

    // A query naming the victim is ignored: the file is the attacker's own, and holds nothing of the member.
    for (const query of [
      '',
      `?userId=${member.user.id}`,
      `?id=${member.user.id}&username=${member.reg.Username}`,
    ]) {
      const response = await exportAs(bearer(attacker.accessToken), query);
      expect(response.statusCode).toBe(200);
      const file = response.json();
      expect(file.profile.username).toBe(attacker.reg.Username);
      expect(file.follows).toEqual([]);
      expect(file.alerts).toEqual({ defaultMode: null, defaultModeUpdatedAt: null, notifications: [] });
      expect(file.purchases).toEqual([]);
      for (const value of [member.reg.Email, member.reg.Username, 'Privacy Pundit']) {
        expect(response.body).not.toContain(value);
      }
    }

    // The attacker's token with the member's id as subject: the signature no longer matches.
    const [head, payload, signature] = attacker.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(member.user.id) })).toString(
      'base64url',
    );
    const refused = await exportAs(bearer(`${head}.${forged}.${signature}`));
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain(member.reg.Email);
  });

  it('answers 401 without a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile/data-export' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/users/profile/delete', () => {
  it('needs the current password', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    for (const currentPassword of ['wrong password', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/profile/delete',
        headers: bearer(accessToken),
        payload: { currentPassword },
      });
      expect(response.statusCode).toBe(400);
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(accessToken),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('erases personal data, keeps orders and ledger anonymised, ends sessions and holds the username 30 days', async () => {
    const member = await activeMember();
    const db = t.database.db;
    const alertRows = async () => ({
      settings: await db.select().from(alertSettings).where(eq(alertSettings.userId, member.user.id)),
      notifications: await db
        .select()
        .from(tipNotifications)
        .where(eq(tipNotifications.userId, member.user.id)),
      follows: await db.select().from(follows).where(eq(follows.userId, member.user.id)),
    });
    const before = await alertRows();
    expect([before.settings.length, before.notifications.length, before.follows.length]).toEqual([1, 1, 1]);
    expect(before.follows[0].alertMode).toBe('off');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile/delete',
      headers: member.auth,
      payload: { currentPassword: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    // Sessions end: the refresh token is dead, the old access token opens nothing, login fails.
    expect((await post(t.app, '/api/users/refresh', { RefreshToken: member.refreshToken })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: member.auth })).statusCode,
    ).toBe(401);
    const [tip] = await createOpenTips(db, 1, { now: t.clock.now(), priceCents: 100 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tips/buy',
          headers: member.auth,
          payload: { cart: [tip.id] },
        })
      ).statusCode,
    ).toBe(401);
    const login = await post(t.app, '/api/users/login', {
      Username: member.reg.Username,
      Password: GOOD_PASSWORD,
      RecaptchaToken: 't',
    });
    expect(login.statusCode).toBe(401);

    // Personal data is gone from every table that held it.
    const personal = [member.reg.Email, member.reg.Username, member.reg.FirstName, member.reg.Mobile];
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    const tablesText = JSON.stringify({
      row,
      orders: await db.select().from(orders).where(eq(orders.userId, member.user.id)),
      emails: await db
        .select()
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) = lower(${member.reg.Email})`),
    });
    for (const value of personal) expect(tablesText).not.toContain(value);
    expect(row.deletedAt).not.toBeNull();
    // The alerts' rows go: the default mode, the bell, the follows with their own modes.
    expect(await alertRows()).toEqual({ settings: [], notifications: [], follows: [] });

    // Financial records stay, attached to the anonymised row; the balance still equals the ledger.
    const kept = await db.select().from(orders).where(eq(orders.userId, member.user.id));
    expect(kept.map((o) => o.status).sort()).toEqual(['COMPLETED', 'PENDING']);
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.user.id));
    expect(ledger.map((e) => e.amountCents)).toEqual([5_000, -1_250]);
    await expectLedgerInvariants(db);

    // The username is held back for 30 days, then free again.
    const again = () =>
      post(t.app, '/api/users/register', {
        ...member.reg,
        Email: `again-${member.user.id}@example.test`,
        RecaptchaToken: 't',
      });
    const refused = await again();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toContain(MESSAGES.usernameTaken);
    t.clock.advance(30 * 24 * 3600_000 + 1_000);
    expect((await again()).statusCode).toBe(201);

    // Deleting twice is not possible: the erased account has no way in.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/profile/delete',
          headers: member.auth,
          payload: { currentPassword: GOOD_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/users/profile/delete with an open AI plan (decision 088, addendum)', () => {
  it('ends the subscription, leaves no stored copy of the address, and later picks reach only the members still here', async () => {
    const db = t.database.db;
    const member = await activeMember();
    const address = member.reg.Email;
    const high = await createTipster(db, { category: 'High AI Model', name: 'AI Model High (privacy)' });
    const aiTip = (hoursAhead: number) =>
      createTip(db, {
        tipsterId: high.id,
        aiPlanId: 3,
        priceCents: 44_900,
        now: t.clock.now(),
        eventTime: new Date(t.clock.now().getTime() + hoursAhead * 3600_000),
        selection: `AI-privacy-${Math.random().toString(36).slice(2)}`,
      });
    // The member and another member both buy the weekly plan (7 tips: 1 now, 6 to come).
    await grantCredits(db, member.user.id, 50_000, `privacy-ai-${member.user.id}`);
    const stayer = await createUser(db, { creditBalance: 50_000, emailVerified: true });
    const planTip = await aiTip(5);
    // A second paid tip of the member's, voided only after the deletion (below).
    const [voidedLater] = await createOpenTips(db, 1, { now: t.clock.now(), priceCents: 900 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tips/buy',
          headers: member.auth,
          payload: { cart: [voidedLater.id] },
        })
      ).statusCode,
    ).toBe(200);
    for (const headers of [member.auth, await t.bearer(stayer)]) {
      const bought = await t.app.inject({
        method: 'POST',
        url: '/api/tips/buy',
        headers,
        payload: { cart: [planTip.id] },
      });
      expect(bought.statusCode).toBe(200);
    }
    // The member's credit-bought tip is voided: a completed refund row holds the address too.
    const refunded = await db.transaction((tx) =>
      createVoidedTipRefundsOn(db, t.config.publicUrl).refundVoidedTip(tx, member.tip, t.clock.now()),
    );
    expect(refunded.credited).toBe(1);
    const byAddress = async () => ({
      subscriptions: await db
        .select()
        .from(aiSubscriptions)
        .where(sql`lower(${aiSubscriptions.email}) = lower(${address})`),
      refunds: await db.select().from(tipRefunds).where(sql`lower(${tipRefunds.email}) = lower(${address})`),
    });
    const before = await byAddress();
    expect([before.subscriptions.length, before.refunds.length]).toEqual([1, 1]);
    expect(before.refunds[0].status).toBe('completed');

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile/delete',
      headers: member.auth,
      payload: { currentPassword: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    // No row of either table holds the address any more; the subscription is ended (forfeited).
    expect(await byAddress()).toEqual({ subscriptions: [], refunds: [] });
    const [ended] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, member.user.id));
    expect(ended).toMatchObject({ tipsDelivered: 1, tipsTotal: 7 });
    expect(ended.completedAt).not.toBeNull();
    const [refund] = await db.select().from(tipRefunds).where(eq(tipRefunds.userId, member.user.id));
    expect(refund).toMatchObject({ status: 'completed', amountCents: 1_250, email: null });
    expect(JSON.stringify([ended, refund])).not.toContain(address);
    // Otherwise a completed refund still never changes (decision 047, migration 0016).
    for (const change of [{ email: address }, { amountCents: 1 }, { status: 'failed' as const }]) {
      await expect(db.update(tipRefunds).set(change).where(eq(tipRefunds.id, refund.id))).rejects.toThrow();
    }
    // A tip of the member's voided after the deletion: refunded to the (anonymised) account as
    // credits, with no address on the row and no email.
    await db.transaction((tx) =>
      createVoidedTipRefundsOn(db, t.config.publicUrl).refundVoidedTip(tx, voidedLater, t.clock.now()),
    );
    const refunds = await db.select().from(tipRefunds).where(eq(tipRefunds.userId, member.user.id));
    expect(refunds.map((r) => [r.amountCents, r.status, r.email])).toEqual([
      [1_250, 'completed', null],
      [900, 'completed', null],
    ]);

    // The AI tier publishes its next pick for the plan: the member still here receives it and its
    // email; the deleted member neither (no entitlement, nothing queued to the old address).
    const ctx = { now: t.clock.now(), publicUrl: t.config.publicUrl };
    const next = await aiTip(30);
    await db.transaction((tx) => deliverAiTipToSubscribers(tx, next, ctx));
    const receivers = async (tipId: number) =>
      (await db.select().from(entitlements).where(eq(entitlements.tipId, tipId))).map((e) => e.userId);
    expect(await receivers(next.id)).not.toContain(member.user.id);
    expect(await receivers(next.id)).toContain(stayer.id);
    expect((await mailTo(db, stayer.email)).map((m) => m.template)).toEqual([
      'tips-purchased',
      'ai-tip-delivered',
    ]);
    const mailToDeleted = async () =>
      db
        .select()
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) in (lower(${address}), ${`~erased~${member.user.id}`})`);
    expect(await mailToDeleted()).toEqual([]);

    // Defence in depth: a subscription row of the deleted account that is somehow open again
    // (with the old address) still delivers nothing and mails nobody.
    await db
      .update(aiSubscriptions)
      .set({ completedAt: null, email: address })
      .where(eq(aiSubscriptions.id, ended.id));
    const later = await aiTip(54);
    await db.transaction((tx) => deliverAiTipToSubscribers(tx, later, ctx));
    expect(await receivers(later.id)).not.toContain(member.user.id);
    expect(await receivers(later.id)).toContain(stayer.id);
    expect(await mailToDeleted()).toEqual([]);
    const [untouched] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.id, ended.id));
    expect(untouched.tipsDelivered).toBe(1);
  });
});

describe('PUT /api/users/profile/odds-format', () => {
  it('stores the preference on the profile and refuses unknown formats', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    const put = (oddsFormat: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/profile/odds-format',
        headers: bearer(accessToken),
        payload: { oddsFormat },
      });
    expect((await put('AMERICAN')).statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(accessToken),
    });
    expect(profile.json().data.oddsFormat).toBe('AMERICAN');
    const bad = await put('HONGKONG');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Odds format must be DECIMAL, FRACTIONAL or AMERICAN.']);
  });
});
