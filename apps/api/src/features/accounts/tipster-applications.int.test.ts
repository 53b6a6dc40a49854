import {
  BACKOFFICE_MESSAGES,
  type ErrorBody,
  MESSAGES,
  type TipPage,
  type TipsterApplicationInput,
  TipsterApplicationResponseSchema,
} from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/backoffice.test-support';
import { offerPrice } from '../../../test/market-prices.test-support';
import { tipsters, users } from '../../db/schema';
import { createTipster, createUser } from '../../db/seed/factories';
import { type CommerceTestApp, createCommerceTestApp } from '../commerce/commerce.test-support';
import { createFixture } from '../tips/settlement/settlement.test-support';

// Issue #28 part 1 (decision 140): a verified member applies and is a Novice tipster at once, who
// publishes free tips only; the catalogue lists them under the free/other tips.

let t: CommerceTestApp;
let seq = 0;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());

const application = (overrides: Partial<TipsterApplicationInput> = {}): TipsterApplicationInput => ({
  displayName: `Novice Nora ${++seq}-${Math.random().toString(36).slice(2, 6)}`,
  bio: 'Ten years of watching the Championship, value on Asian lines.',
  country: 'Ireland',
  markets: [3, 1, 1],
  acceptCharter: true,
  ...overrides,
});

async function apply(user: { id: number; roles: string[] } | null, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/tipster-applications',
    headers: user ? await t.bearer(user) : {},
    payload: body as never,
  });
}

function errorsOf(response: { json: () => unknown }): string[] {
  return (response.json() as ErrorBody).errors;
}

describe('POST /api/tipster-applications', () => {
  it('makes a verified member a Novice tipster at once: profile, role, charter time, audit', async () => {
    const db = t.database.db;
    const member = await createUser(db);
    const body = application();
    const response = await apply(member, body);
    expect(response.statusCode).toBe(201);
    const data = TipsterApplicationResponseSchema.parse(response.json()).data;
    expect(data).toMatchObject({
      displayName: body.displayName,
      category: 'NOVICE',
      country: 'Ireland',
      markets: [1, 3],
      charterAcceptedAt: t.clock.now().toISOString(),
    });
    const [tipster] = await db.select().from(tipsters).where(eq(tipsters.id, data.tipsterId));
    expect(tipster).toMatchObject({
      userId: member.id,
      category: 'NOVICE',
      location: 'Ireland',
      markets: [1, 3],
    });
    expect(tipster.charterAcceptedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    expect(user.roles).toEqual(['user', 'tipster']);
    const [audit] = await auditRows(db, 'tipster.apply', data.tipsterId);
    expect(audit.actorUserId).toBe(member.id);

    // The public profile exists at once, in the Novice tier.
    const profile = await t.app.inject({ method: 'GET', url: `/api/tipsters/profile/${data.tipsterId}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: body.displayName, category: 'NOVICE' });
  });

  it('answers 409 to a member who is already a tipster, and to a second application', async () => {
    const db = t.database.db;
    const member = await createUser(db);
    expect((await apply(member, application())).statusCode).toBe(201);
    const again = await apply({ ...member, roles: ['user', 'tipster'] }, application());
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([MESSAGES.alreadyTipster]);

    const linked = await createUser(db, { roles: ['user', 'tipster'] });
    await createTipster(db, { userId: linked.id });
    const linkedAgain = await apply(linked, application());
    expect(linkedAgain.statusCode).toBe(409);
    expect(await db.select().from(tipsters).where(eq(tipsters.userId, member.id))).toHaveLength(1);
  });

  it('answers 409 when the display name is already a tipster’s, whatever its case', async () => {
    const db = t.database.db;
    const house = await createTipster(db, { name: `Star Tipster ${Date.now()}` });
    const member = await createUser(db);
    const taken = await apply(member, application({ displayName: house.name.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)).toEqual([MESSAGES.tipsterNameTaken]);
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    expect(user.roles).toEqual(['user']);
  });

  it('answers 403 to an unverified member and 401 to a visitor, before reading the body', async () => {
    const db = t.database.db;
    const unverified = await createUser(db, { emailVerified: false });
    const refused = await apply(unverified, { nonsense: true });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorBody).code).toBe('EMAIL_NOT_VERIFIED');
    expect(await db.select().from(tipsters).where(eq(tipsters.userId, unverified.id))).toHaveLength(0);
    expect((await apply(null, application())).statusCode).toBe(401);
  });

  it.each([
    ['no charter acceptance', { acceptCharter: false }, MESSAGES.mustAcceptCharter],
    ['an empty display name', { displayName: '   ' }, MESSAGES.tipsterDisplayNameRequired],
    ['a bio under 20 characters', { bio: 'I pick winners.' }, MESSAGES.tipsterBioRequired],
    ['no country', { country: '' }, MESSAGES.countryRequired],
    ['no market', { markets: [] }, MESSAGES.tipsterMarketsRequired],
    ['an unknown market', { markets: [999] }, 'Unknown betting type: 999'],
    ['a display name too long', { displayName: 'x'.repeat(81) }, MESSAGES.fieldTooLong],
  ])('answers 400 with the contract’s message for %s', async (_case, overrides, message) => {
    const member = await createUser(t.database.db);
    const response = await apply(member, application(overrides as Partial<TipsterApplicationInput>));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toContain(message);
    expect(await t.database.db.select().from(tipsters).where(eq(tipsters.userId, member.id))).toHaveLength(0);
  });
});

describe('a Novice tipster publishing', () => {
  it('publishes a free tip the catalogue lists under the free/other tips; a priced tip gets 422', async () => {
    const db = t.database.db;
    const member = await createUser(db);
    const applied = await apply(member, application());
    expect(applied.statusCode).toBe(201);
    const tipsterId = applied.json().data.tipsterId as number;
    // The role is read per request (decision 081): the token from before the application works.
    const headers = await t.bearer({ id: member.id, roles: ['user', 'tipster'] });
    const fixture = await createFixture(db, { kickoffAt: new Date(t.clock.now().getTime() + 3 * 3600_000) });
    await offerPrice(db, t.clock.now(), {
      fixtureId: fixture.id,
      bettingType: 3,
      selection: 'home',
      odds: 2.1,
    });
    const tip = {
      fixtureId: fixture.id,
      bettingType: 3,
      selection: 'home',
      odds: 2.1,
      reasoning: 'Home form.',
    };

    const priced = await t.app.inject({
      method: 'POST',
      url: '/api/tipster/tips',
      headers,
      payload: { ...tip, price: 5 },
    });
    expect(priced.statusCode).toBe(422);
    expect(errorsOf(priced)).toEqual([BACKOFFICE_MESSAGES.trialTipsFreeOnly]);

    const free = await t.app.inject({
      method: 'POST',
      url: '/api/tipster/tips',
      headers,
      payload: { ...tip, free: true },
    });
    expect(free.statusCode).toBe(201);
    const tipId = free.json().data.id as number;
    expect(free.json().data).toMatchObject({ tipsType: 'NOVICE', price: 0, isFree: true });

    for (const url of ['/api/tips?pageSize=50', '/api/tips?category=other&pageSize=50']) {
      const page = (await t.app.inject({ method: 'GET', url })).json() as TipPage;
      const listed = page.data.find((item) => item.id === tipId);
      expect(listed, url).toMatchObject({
        isFree: true,
        selection: 'Home',
        reasoning: 'Home form.',
        tipster: { id: tipsterId, category: 'NOVICE' },
      });
    }
    for (const category of ['senior', 'premium']) {
      const page = (
        await t.app.inject({ method: 'GET', url: `/api/tips?category=${category}&pageSize=50` })
      ).json() as TipPage;
      expect(page.data.map((item) => item.id)).not.toContain(tipId);
    }
    // The tipster lists and rankings take the new tier in their stride.
    for (const url of ['/api/tipsters?pageSize=50', '/api/tipsters/statistics']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
