import {
  BACKOFFICE_MESSAGES,
  type ErrorBody,
  type PublishTipInput,
  type PublishTipResponse,
  PublishTipResponseSchema,
  type TipPage,
  type TipsterSummaryResponse,
  TipsterSummaryResponseSchema,
  type TipsterTipPage,
  TipsterTipPageSchema,
} from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  at,
  auditRows,
  call,
  callOk,
  NOW,
  signedIn,
  signedInTipster,
} from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { aiSubscriptions, entitlements, orderItems, orders, tips } from '../../db/schema';
import { createSettledTip, createUser } from '../../db/seed/factories';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInTipster>>;

const publishBody = (overrides: Partial<PublishTipInput> = {}): PublishTipInput => ({
  league: 'England Premier League',
  homeTeam: 'Arsenal',
  awayTeam: 'Chelsea',
  eventTime: at(3).toISOString(),
  bettingType: 1,
  selection: 'home -0.5',
  odds: 1.85,
  price: 12.5,
  reasoning: 'Arsenal unbeaten at home since March.',
  ...overrides,
});

async function publish(token: string, overrides: Partial<PublishTipInput> = {}) {
  return callOk<PublishTipResponse>(t, 'POST', '/api/tipster/tips', token, publishBody(overrides), 201);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  me = await signedInTipster(t, { name: 'Tess Tipster', category: 'PREMIUM' });
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

describe('POST /api/tipster/tips', () => {
  it('publishes with the server timestamp, the tipster category and a canonical selection', async () => {
    t.clock.set(new Date(NOW.getTime() + 1234));
    const body = await publish(me.token, { publishedAt: '2020-01-01T00:00:00.000Z' } as never);
    expect(PublishTipResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({
      tipsType: 'PREMIUM',
      league: 'England Premier League',
      eventName: 'England Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      bettingType: 1,
      selection: 'Home -0.5',
      odds: 1.85,
      price: 12.5,
      isFinalized: false,
      publishedAt: new Date(NOW.getTime() + 1234).toISOString(),
      reasoning: 'Arsenal unbeaten at home since March.',
      tipster: { id: me.tipster.id, name: 'Tess Tipster', category: 'PREMIUM' },
    });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, body.data.id));
    expect(row).toMatchObject({ priceCents: 1250, oddsHundredths: 185, currency: 'DOLLARS', aiPlanId: null });
    expect(row.publishedAt.toISOString()).toBe(new Date(NOW.getTime() + 1234).toISOString());
    const [audit] = await auditRows(t.database.db, 'tip.publish', body.data.id);
    expect(audit.actorUserId).toBe(me.user.id);
    expect(JSON.stringify(audit.after)).not.toContain('Home -0.5');
  });

  it('publishes a free tip', async () => {
    const body = await publish(me.token, { price: undefined, free: true });
    expect(body.data).toMatchObject({ price: 0, isFree: true });
  });

  it('shows the tip in the public list at once, with the paid selection hidden', async () => {
    const { data } = await publish(me.token, {
      eventTime: at(1).toISOString(),
      homeTeam: 'Everton',
      awayTeam: 'Fulham',
    });
    const page = (await call(t, 'GET', '/api/tips?pageSize=50')).json() as TipPage;
    const listed = page.data.find((tip) => tip.id === data.id);
    expect(listed).toMatchObject({ homeTeam: 'Everton', selection: null });
  });

  it('invalidates the catalogue cache after publishing', async () => {
    const cache = t.services.catalogueCache;
    await cache.set('probe', 1, 60_000);
    await publish(me.token);
    expect(await cache.get('probe')).toBeUndefined();
  });

  it('refuses a tip for a match that has kicked off (422), also at the exact kick-off', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    for (const eventTime of [at(-1), NOW]) {
      const response = await call(t, 'POST', '/api/tipster/tips', {
        token: me.token,
        body: publishBody({ eventTime: eventTime.toISOString() }),
      });
      expect(response.statusCode).toBe(422);
      expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.kickoffPassed]);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses a kick-off more than 30 days ahead (422)', async () => {
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody({ eventTime: at(31 * 24).toISOString() }),
    });
    expect(response.statusCode).toBe(422);
  });

  it.each([
    [{ selection: 'Home -0.25' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ bettingType: 2 as const, selection: 'Home' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ odds: 1 }, BACKOFFICE_MESSAGES.oddsInvalid],
    [{ odds: 1.855 }, BACKOFFICE_MESSAGES.oddsInvalid],
    [{ price: -1 }, BACKOFFICE_MESSAGES.priceInvalid],
    [{ price: undefined }, BACKOFFICE_MESSAGES.priceRequired],
    [{ awayTeam: 'arsenal' }, BACKOFFICE_MESSAGES.sameTeams],
  ])('rejects invalid input %j (400)', async (overrides, message) => {
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });

  it('answers 403 to a tipster account without a linked profile', async () => {
    const unlinked = await signedIn(t, ['user', 'tipster']);
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: unlinked.token,
      body: publishBody(),
    });
    expect(response.statusCode).toBe(403);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.noTipsterProfile]);
  });
});

describe('immutability after publication', () => {
  it('has no route to edit or delete a tip, and the tip stays as published', async () => {
    const { data } = await publish(me.token);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/tipster/tips/${data.id}`, '/api/tipster/tips']) {
        const response = await call(t, method, url, {
          token: me.token,
          body: { selection: 'Away +0.5', odds: 3 },
        });
        expect([404, 405]).toContain(response.statusCode);
      }
    }
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, data.id));
    expect(row).toMatchObject({ selection: 'Home -0.5', oddsHundredths: 185, priceCents: 1250 });
  });

  it('is enforced by the database for every writer', async () => {
    const { data } = await publish(me.token);
    const db = t.database.db;
    await expect(
      db.update(tips).set({ selection: 'Away +0.5' }).where(eq(tips.id, data.id)),
    ).rejects.toThrow();
    await expect(db.update(tips).set({ oddsHundredths: 300 }).where(eq(tips.id, data.id))).rejects.toThrow();
    await expect(db.update(tips).set({ priceCents: 1 }).where(eq(tips.id, data.id))).rejects.toThrow();
    await expect(
      db
        .update(tips)
        .set({ eventTime: at(10) })
        .where(eq(tips.id, data.id)),
    ).rejects.toThrow();
    await expect(db.delete(tips).where(eq(tips.id, data.id))).rejects.toThrow();
  });
});

describe('GET /api/tipster/tips and /api/tipster/summary', () => {
  it("lists only the tipster's own tips with sales count and earnings", async () => {
    const other = await signedInTipster(t, { category: 'SENIOR' });
    const mine = await publish(me.token, { homeTeam: 'Leeds', awayTeam: 'Burnley', price: 20 });
    const theirs = await callOk<PublishTipResponse>(
      t,
      'POST',
      '/api/tipster/tips',
      other.token,
      publishBody(),
      201,
    );
    const db = t.database.db;
    const buyers = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const [order] = await db
      .insert(orders)
      .values({
        userId: buyers[0].id,
        type: 'TIPS',
        method: 10,
        provider: 'paypal',
        status: 'COMPLETED',
        amountCents: 1800,
      })
      .returning();
    // Bought at a discounted order line, at list price with credits, and given away by an admin.
    await db.insert(orderItems).values({ orderId: order.id, tipId: mine.data.id, priceCents: 1800 });
    await db.insert(entitlements).values([
      { userId: buyers[0].id, tipId: mine.data.id, orderId: order.id, source: 'paypal' },
      { userId: buyers[1].id, tipId: mine.data.id, source: 'credits' },
      { userId: buyers[2].id, tipId: mine.data.id, source: 'admin' },
    ]);

    const page = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?pageSize=50', me.token);
    expect(TipsterTipPageSchema.safeParse(page).success).toBe(true);
    expect(page.data.map((tip) => tip.tipster.id).every((id) => id === me.tipster.id)).toBe(true);
    expect(page.data.some((tip) => tip.id === theirs.data.id)).toBe(false);
    const listed = page.data.find((tip) => tip.id === mine.data.id);
    expect(listed).toMatchObject({ salesCount: 2, earnings: 38, selection: 'Home -0.5' });

    const summary = await callOk<TipsterSummaryResponse>(t, 'GET', '/api/tipster/summary', me.token);
    expect(TipsterSummaryResponseSchema.safeParse(summary).success).toBe(true);
    expect(summary).toMatchObject({ salesCount: 2, earnings: 38, tipsPublished: page.totalItems });
  });

  it('filters open and settled tips and reports the record from the settlement aggregates', async () => {
    const fresh = await signedInTipster(t, { category: 'SENIOR' });
    const db = t.database.db;
    await callOk(t, 'POST', '/api/tipster/tips', fresh.token, publishBody(), 201);
    await createSettledTip(db, {
      tipsterId: fresh.tipster.id,
      result: 'WIN',
      eventTime: at(-48),
      oddsHundredths: 200,
    });
    await createSettledTip(db, {
      tipsterId: fresh.tipster.id,
      result: 'LOSS',
      eventTime: at(-72),
      oddsHundredths: 180,
    });
    await createSettledTip(db, {
      tipsterId: fresh.tipster.id,
      result: 'VOID',
      eventTime: at(-96),
      oddsHundredths: 190,
    });

    const open = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?status=open', fresh.token);
    const settled = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?status=settled', fresh.token);
    expect(open.totalItems).toBe(1);
    expect(settled.totalItems).toBe(3);
    expect(settled.data.map((tip) => tip.result)).toEqual(['Win', 'Loss', 'Void']);

    const summary = await callOk<TipsterSummaryResponse>(t, 'GET', '/api/tipster/summary', fresh.token);
    expect(summary).toMatchObject({
      tipsPublished: 4,
      openTips: 1,
      salesCount: 0,
      earnings: 0,
      record: { totalTips: 3, wins: 1, losses: 1, draws: 1, hitRate: 50, averageOdds: 1.9 },
    });
  });

  it('pages results', async () => {
    const page = await callOk<TipsterTipPage>(
      t,
      'GET',
      '/api/tipster/tips?pageSize=2&pageNumber=2',
      me.token,
    );
    expect(page).toMatchObject({ currentPage: 2, pageSize: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalItems / 2));
  });
});

describe('AI-model tipsters', () => {
  it('publish into their plan and deliver the tip to its subscribers in the same transaction', async () => {
    const db = t.database.db;
    const ai = await signedInTipster(t, { category: 'Medium AI Model', name: 'AI Model Medium' });
    const subscriber = await createUser(db);
    const [subscription] = await db
      .insert(aiSubscriptions)
      .values({ userId: subscriber.id, email: subscriber.email, planId: 2, tipsTotal: 1 })
      .returning();

    const { data } = await callOk<PublishTipResponse>(
      t,
      'POST',
      '/api/tipster/tips',
      ai.token,
      publishBody(),
      201,
    );
    const [row] = await db.select().from(tips).where(eq(tips.id, data.id));
    expect(row.aiPlanId).toBe(2);
    const granted = await db.select().from(entitlements).where(eq(entitlements.tipId, data.id));
    expect(granted).toEqual([expect.objectContaining({ userId: subscriber.id, source: 'subscription' })]);
    const [after] = await db.select().from(aiSubscriptions).where(eq(aiSubscriptions.id, subscription.id));
    expect(after).toMatchObject({ tipsDelivered: 1 });
    expect(after.completedAt).not.toBeNull();
  });
});
