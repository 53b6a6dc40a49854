import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AiTipsResponse, CartResponse, ErrorBody, TipPage } from '@tips/contract';
import { AiTipsResponseSchema, CartResponseSchema, MESSAGES, TipPageSchema } from '@tips/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { createSignedInUser, freshCatalogue, get, getOk, grantTip } from './catalogue.test-support';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let t: TestApp;
let senior: Awaited<ReturnType<typeof createTipster>>;
let premium: Awaited<ReturnType<typeof createTipster>>;
const tip: Record<string, Awaited<ReturnType<typeof createTip>>> = {};
let seniorUser: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  seniorUser = await createSignedInUser(t, ['user', 'tipster']);
  senior = await createTipster(db, {
    name: 'Sam Senior',
    category: 'SENIOR',
    profileImage: 'tipster-s.webp',
    userId: seniorUser.user.id,
  });
  premium = await createTipster(db, { name: 'Pat Premium', category: 'PREMIUM' });
  const open = (tipsterId: number, hours: number, extra: Partial<Parameters<typeof createTip>[1]>) =>
    createTip(db, { tipsterId, now: NOW, eventTime: at(hours), ...extra });
  tip.s1 = await open(senior.id, 1, { bettingType: 1, priceCents: 500, selection: 'Home -0.5' });
  tip.p1 = await open(premium.id, 1.5, { bettingType: 14, priceCents: 4900, selection: 'Away +1' });
  tip.s2 = await open(senior.id, 2, { bettingType: 2, priceCents: 1250, selection: 'Over 2.5' });
  tip.s3 = await open(senior.id, 3, { bettingType: 3, priceCents: 0, selection: 'Draw' });
  tip.p2 = await open(premium.id, 4, { bettingType: 1, priceCents: 12000, selection: 'Home -1.5' });
  tip.pricey = await open(premium.id, 5, { bettingType: 3, priceCents: 2_000_000, selection: 'Home' });
  tip.kickedOff = await createTip(db, { tipsterId: senior.id, now: at(-3), eventTime: at(-1) });
  tip.settled = await createSettledTip(db, { tipsterId: senior.id, result: 'WIN', eventTime: at(-30) });
  const ai = await createTipster(db, {
    name: 'AI Model Medium',
    category: 'Medium AI Model',
    profileImage: 'ai2.webp',
  });
  tip.aiOpen = await open(ai.id, 6, { aiPlanId: 2, priceCents: 9900, bettingType: 3 });
});

afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(NOW);
  await freshCatalogue(t);
});

const listIds = (page: TipPage) => page.data.map((d) => d.id);

describe('GET /api/tips', () => {
  it('lists open, upcoming tips by kick-off with the defaults of SPEC §7', async () => {
    const page = await getOk<TipPage>(t, '/api/tips');
    expect(TipPageSchema.safeParse(page).success).toBe(true);
    expect(page).toMatchObject({ currentPage: 1, pageSize: 10, totalItems: 5, totalPages: 1 });
    // Kicked off, settled, AI plan tips and tips above the default $10000 cap are not listed.
    expect(listIds(page)).toEqual([tip.s1.id, tip.p1.id, tip.s2.id, tip.s3.id, tip.p2.id]);
  });

  it('renders each tip with its tipster and hides paid selections from visitors', async () => {
    const page = await getOk<TipPage>(t, '/api/tips');
    const first = page.data[0];
    expect(first).toMatchObject({
      id: tip.s1.id,
      tipsType: 'SENIOR',
      eventTime: at(1).toISOString(),
      eventName: 'England Premier League',
      // Not a catalogue name, so no code to translate it from.
      competitionCode: null,
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      bettingType: 1,
      bettingTypeName: 'Asian Handicap F.T',
      selection: null,
      odds: 1.9,
      price: 5,
      isFree: false,
      isFinalized: false,
      isWin: null,
      result: null,
      currency: 'DOLLARS',
      isOwned: false,
      tipster: {
        id: senior.id,
        name: 'Sam Senior',
        category: 'SENIOR',
        profileImageUrl: '/api/users/profile-images/tipster-s.webp',
        results: [true],
      },
    });
    const free = page.data.find((d) => d.id === tip.s3.id);
    expect(free).toMatchObject({ isFree: true, price: 0, selection: 'Draw' });
    expect(page.data.find((d) => d.id === tip.p1.id)?.tipster.profileImageUrl).toBeNull();
  });

  it('pages through the list', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((n) => getOk<TipPage>(t, `/api/tips?pageNumber=${n}&pageSize=2`)),
    );
    expect(pages.map((p) => p.currentPage)).toEqual([1, 2, 3]);
    expect(pages.every((p) => p.totalItems === 5 && p.totalPages === 3 && p.pageSize === 2)).toBe(true);
    expect(pages.flatMap(listIds)).toEqual([tip.s1.id, tip.p1.id, tip.s2.id, tip.s3.id, tip.p2.id]);
    const beyond = await getOk<TipPage>(t, '/api/tips?pageNumber=4&pageSize=2');
    expect(beyond).toMatchObject({ currentPage: 4, totalItems: 5, totalPages: 3, data: [] });
  });

  it('filters by category', async () => {
    expect(listIds(await getOk<TipPage>(t, '/api/tips?category=premium'))).toEqual([tip.p1.id, tip.p2.id]);
    expect(listIds(await getOk<TipPage>(t, '/api/tips?category=SENIOR'))).toEqual([
      tip.s1.id,
      tip.s2.id,
      tip.s3.id,
    ]);
    for (const all of ['', 'all', 'other']) {
      expect((await getOk<TipPage>(t, `/api/tips?category=${all}`)).totalItems).toBe(5);
    }
  });

  it('filters by betting types (comma-joined or repeated)', async () => {
    expect(listIds(await getOk<TipPage>(t, '/api/tips?filters=1,14'))).toEqual([
      tip.s1.id,
      tip.p1.id,
      tip.p2.id,
    ]);
    expect(listIds(await getOk<TipPage>(t, '/api/tips?filters=2&filters=3'))).toEqual([tip.s2.id, tip.s3.id]);
    expect((await getOk<TipPage>(t, '/api/tips?filters=113')).totalItems).toBe(0);
  });

  it('filters by price range in dollars, bounds included', async () => {
    expect(listIds(await getOk<TipPage>(t, '/api/tips?minPrice=5&maxPrice=49'))).toEqual([
      tip.s1.id,
      tip.p1.id,
      tip.s2.id,
    ]);
    expect(listIds(await getOk<TipPage>(t, '/api/tips?minPrice=12.5&maxPrice=12.5'))).toEqual([tip.s2.id]);
    const withPricey = await getOk<TipPage>(t, '/api/tips?maxPrice=50000');
    expect(listIds(withPricey)).toContain(tip.pricey.id);
    expect(listIds(await getOk<TipPage>(t, '/api/tips?maxPrice=0'))).toEqual([tip.s3.id]);
  });

  it('combines filters with paging', async () => {
    const page = await getOk<TipPage>(
      t,
      '/api/tips?category=senior&filters=1,2,3&minPrice=1&pageSize=1&pageNumber=2',
    );
    expect(page).toMatchObject({ totalItems: 2, totalPages: 2, currentPage: 2 });
    expect(listIds(page)).toEqual([tip.s2.id]);
  });

  it('lists a kick-off window: the viewer’s today, tomorrow or later (issue #30.1)', async () => {
    const window = (from: Date | null, to: Date | null) =>
      `/api/tips?${new URLSearchParams({
        ...(from ? { kickOffFrom: from.toISOString() } : {}),
        ...(to ? { kickOffTo: to.toISOString() } : {}),
      })}`;
    // Up to (not including) 3 hours from now; from 3 hours on; between 1.5 and 4 hours.
    const early = await getOk<TipPage>(t, window(null, at(3)));
    expect(listIds(early)).toEqual([tip.s1.id, tip.p1.id, tip.s2.id]);
    expect(early.totalItems).toBe(3);
    expect(listIds(await getOk<TipPage>(t, window(at(3), null)))).toEqual([tip.s3.id, tip.p2.id]);
    expect(listIds(await getOk<TipPage>(t, window(at(1.5), at(4))))).toEqual([
      tip.p1.id,
      tip.s2.id,
      tip.s3.id,
    ]);
    // With an offset, as a browser in another zone writes it: the same instant.
    const plus2 = '2025-06-01T17:00:00.000+02:00'; // = 15:00 UTC = at(3)
    expect(listIds(await getOk<TipPage>(t, `/api/tips?kickOffTo=${encodeURIComponent(plus2)}`))).toEqual(
      listIds(early),
    );
    const backwards = await get(t, window(at(4), at(1)));
    expect(backwards.statusCode).toBe(400);
    expect((backwards.json() as ErrorBody).errors).toContain('kickOffFrom must be before kickOffTo');
    expect((await get(t, '/api/tips?kickOffTo=tomorrow')).statusCode).toBe(400);
  });

  it('drops a tip from the list once it kicks off', async () => {
    t.clock.set(at(1.25));
    const page = await getOk<TipPage>(t, '/api/tips');
    expect(listIds(page)).toEqual([tip.p1.id, tip.s2.id, tip.s3.id, tip.p2.id]);
  });

  it('shows the selection to its buyer, its tipster and an admin only', async () => {
    const buyer = await createSignedInUser(t);
    await grantTip(t.database.db, buyer.user.id, tip.p1.id);
    const admin = await createSignedInUser(t, ['user', 'admin']);
    const stranger = await createSignedInUser(t);
    const find = (page: TipPage, id: number) => page.data.find((d) => d.id === id);

    const asBuyer = await getOk<TipPage>(t, '/api/tips', buyer.token);
    expect(find(asBuyer, tip.p1.id)).toMatchObject({ selection: 'Away +1', isOwned: true });
    expect(find(asBuyer, tip.s1.id)).toMatchObject({ selection: null, isOwned: false });

    const asTipster = await getOk<TipPage>(t, '/api/tips', seniorUser.token);
    expect(find(asTipster, tip.s1.id)?.selection).toBe('Home -0.5');
    expect(find(asTipster, tip.p1.id)?.selection).toBeNull();

    const asAdmin = await getOk<TipPage>(t, '/api/tips', admin.token);
    expect(asAdmin.data.every((d) => d.selection !== null)).toBe(true);

    // The same cached page, seen again by others, still hides it.
    for (const token of [null, stranger.token]) {
      const page = await getOk<TipPage>(t, '/api/tips', token);
      expect(find(page, tip.p1.id)).toMatchObject({ selection: null, isOwned: false });
    }
  });

  it('answers 401 to an invalid bearer token so that the client refreshes', async () => {
    const response = await get(t, '/api/tips', 'not-a-token');
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['pageNumber=-1', 'pageNumber must be a whole number from 1 to 100000'],
    ['pageNumber=0', 'pageNumber must be a whole number from 1 to 100000'],
    ['pageNumber=1.5', 'pageNumber must be a whole number from 1 to 100000'],
    ['pageNumber=abc', 'pageNumber must be a whole number from 1 to 100000'],
    ['pageSize=51', 'pageSize must be a whole number from 1 to 50'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 50'],
    ['minPrice=100&maxPrice=10', MESSAGES.minPriceExceedsMax],
    ['minPrice=-5', 'minPrice must be a number from 0 to 1000000'],
    ['maxPrice=lots', 'maxPrice must be a number from 0 to 1000000'],
    ['category=gold', 'category must be one of: all, senior, premium, other'],
    ['filters=99', "filters: unknown betting type '99'"],
    ['filters=1,x', "filters: unknown betting type 'x'"],
    ['random=maybe', 'random must be true or false'],
  ])('rejects %s with 400 and a clear message', async (query, message) => {
    const response = await get(t, `/api/tips?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json() as ErrorBody;
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors).toContain(message);
    expect(body.requestId).toEqual(expect.any(String));
  });
});

describe('GET /api/tips?random=true', () => {
  const PRICE = 777;
  let ids: number[];

  beforeAll(async () => {
    const tipster = await createTipster(t.database.db, { category: 'PREMIUM' });
    ids = [];
    for (let i = 0; i < 30; i++) {
      const row = await createTip(t.database.db, {
        tipsterId: tipster.id,
        now: NOW,
        eventTime: at(72 + i),
        priceCents: PRICE * 100,
      });
      ids.push(row.id);
    }
  });

  const query = `minPrice=${PRICE}&maxPrice=${PRICE}&random=true&pageSize=7`;
  async function walk(): Promise<number[]> {
    const seen: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const page = await getOk<TipPage>(t, `/api/tips?${query}&pageNumber=${n}`);
      expect(page).toMatchObject({ totalItems: 30, totalPages: 5 });
      seen.push(...listIds(page));
    }
    return seen;
  }

  it('pages through a random order without repeating or skipping a tip', async () => {
    const order = await walk();
    expect([...order].sort((a, b) => a - b)).toEqual(ids);
    expect(order).not.toEqual(ids);
  });

  it('keeps the order for the day, also uncached, and shuffles anew the next day', async () => {
    const first = await walk();
    await freshCatalogue(t);
    t.clock.set(new Date(NOW.getTime() + 5 * HOUR));
    expect(await walk()).toEqual(first);
    t.clock.set(new Date(NOW.getTime() + 24 * HOUR));
    await freshCatalogue(t);
    const nextDay = await walk();
    expect([...nextDay].sort((a, b) => a - b)).toEqual(ids);
    expect(nextDay).not.toEqual(first);
  });
});

describe('the public-list cache', () => {
  it('serves a cached page until the catalogue is invalidated', async () => {
    const before = await getOk<TipPage>(t, '/api/tips?category=premium');
    const added = await createTip(t.database.db, { tipsterId: premium.id, now: NOW, eventTime: at(0.5) });
    expect(await getOk<TipPage>(t, '/api/tips?category=premium')).toEqual(before);
    await freshCatalogue(t);
    const after = await getOk<TipPage>(t, '/api/tips?category=premium');
    expect(listIds(after)[0]).toBe(added.id);
    expect(after.totalItems).toBe(before.totalItems + 1);
  });
});

describe('GET /api/tips/ai', () => {
  let low: number;
  let medium: number;
  let high: number;
  let highLater: number;

  beforeAll(async () => {
    const db = t.database.db;
    const lowModel = await createTipster(db, {
      name: 'AI Model Low',
      category: 'Low AI Model',
      profileImage: 'ai1.webp',
    });
    const highModel = await createTipster(db, {
      name: 'AI Model High',
      category: 'High AI Model',
      profileImage: 'ai3.webp',
    });
    low = (
      await createTip(db, {
        tipsterId: lowModel.id,
        now: NOW,
        eventTime: at(3),
        aiPlanId: 1,
        priceCents: 0,
        selection: 'Over 1.5',
      })
    ).id;
    medium = tip.aiOpen.id;
    high = (
      await createTip(db, {
        tipsterId: highModel.id,
        now: NOW,
        eventTime: at(7),
        aiPlanId: 3,
        priceCents: 6400,
        selection: 'Home',
      })
    ).id;
    highLater = (
      await createTip(db, {
        tipsterId: highModel.id,
        now: NOW,
        eventTime: at(30),
        aiPlanId: 3,
        priceCents: 6400,
      })
    ).id;
    await createSettledTip(db, {
      tipsterId: lowModel.id,
      result: 'LOSS',
      eventTime: at(-20),
      aiPlanId: 1,
      priceCents: 0,
    });
  });

  it('lists the four plans with their model, price and next match', async () => {
    const body = await getOk<AiTipsResponse>(t, '/api/tips/ai');
    expect(AiTipsResponseSchema.safeParse(body).success).toBe(true);
    expect(body.aiTips.map((a) => [a.id, a.planId, a.tipId, a.price, a.isFree, a.category])).toEqual([
      [1, 1, low, 0, true, 'Low AI Model'],
      [2, 2, medium, 99, false, 'Medium AI Model'],
      [3, 3, high, 449, false, 'High AI Model'],
      // The monthly plan has no stream of its own: it shows its model tier's next tip.
      [4, 4, high, 1249, false, 'High AI Model'],
    ]);
    expect(body.aiTips[0]).toMatchObject({
      tipsterName: 'AI Model Low',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      eventTime: at(3).toISOString(),
      date: at(3).toISOString(),
    });
    expect(highLater).toBeGreaterThan(high);
  });

  it('shows the selection of the free plan to everyone and of a paid plan to its subscriber', async () => {
    const visitor = await getOk<AiTipsResponse>(t, '/api/tips/ai');
    expect(visitor.aiTips.map((a) => a.selection)).toEqual(['Over 1.5', null, null, null]);

    const subscriber = await createSignedInUser(t);
    await grantTip(t.database.db, subscriber.user.id, high);
    const seen = await getOk<AiTipsResponse>(t, '/api/tips/ai', subscriber.token);
    expect(seen.aiTips.map((a) => a.selection)).toEqual(['Over 1.5', null, 'Home', 'Home']);

    const admin = await createSignedInUser(t, ['user', 'admin']);
    const all = await getOk<AiTipsResponse>(t, '/api/tips/ai', admin.token);
    expect(all.aiTips.every((a) => a.selection !== null)).toBe(true);
  });

  it('still lists every plan when a model has no open tip', async () => {
    t.clock.set(at(24 * 5));
    const body = await getOk<AiTipsResponse>(t, '/api/tips/ai');
    expect(body.aiTips).toHaveLength(4);
    expect(body.aiTips[0]).toMatchObject({
      tipId: null,
      tipsterName: 'AI Model Low',
      homeTeam: null,
      eventTime: null,
      selection: null,
      date: at(24 * 5).toISOString(),
    });
  });
});

describe('GET /api/tips/cart', () => {
  const cart = (ids: Array<number | string>, token?: string) =>
    getOk<CartResponse>(t, `/api/tips/cart?tipIds=${ids.join(',')}`, token);

  it('returns the buyable tips in the order asked', async () => {
    const body = await cart([tip.p2.id, tip.s1.id]);
    expect(CartResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data.map((d) => d.id)).toEqual([tip.p2.id, tip.s1.id]);
    expect(body.data.every((d) => d.selection === null)).toBe(true);
    expect(body).toMatchObject({ unavailableIds: [], unavailable: [] });
  });

  it('reports ids that cannot be bought, with the reason', async () => {
    const unknown = 987_654;
    const huge = 99_999_999_999;
    const body = await cart([tip.settled.id, tip.s1.id, unknown, tip.kickedOff.id, tip.s3.id, huge]);
    expect(body.data.map((d) => d.id)).toEqual([tip.s1.id]);
    expect(body.unavailableIds).toEqual([tip.settled.id, unknown, tip.kickedOff.id, tip.s3.id, huge]);
    expect(body.unavailable.map((u) => [u.id, u.reason, u.message])).toEqual([
      [tip.settled.id, 'SALES_CLOSED', MESSAGES.tipSalesClosed],
      [unknown, 'NOT_FOUND', MESSAGES.tipNotFound],
      [tip.kickedOff.id, 'SALES_CLOSED', MESSAGES.tipSalesClosed],
      [tip.s3.id, 'FREE', 'This tip is free: no purchase is needed'],
      [huge, 'NOT_FOUND', MESSAGES.tipNotFound],
    ]);
  });

  it('reports tips the caller owns or published', async () => {
    const buyer = await createSignedInUser(t);
    await grantTip(t.database.db, buyer.user.id, tip.p1.id);
    const asBuyer = await cart([tip.p1.id, tip.s1.id], buyer.token);
    expect(asBuyer.data.map((d) => d.id)).toEqual([tip.s1.id]);
    expect(asBuyer.unavailable).toEqual([
      { id: tip.p1.id, reason: 'OWNED', message: MESSAGES.tipAlreadyOwned },
    ]);

    const asTipster = await cart([tip.p1.id, tip.s1.id], seniorUser.token);
    expect(asTipster.data.map((d) => d.id)).toEqual([tip.p1.id]);
    expect(asTipster.data[0].selection).toBeNull();
    expect(asTipster.unavailable).toEqual([
      { id: tip.s1.id, reason: 'OWN_TIP', message: MESSAGES.tipOwnTip },
    ]);
  });

  it('shows selections in the cart only to those the rule allows', async () => {
    const admin = await createSignedInUser(t, ['user', 'admin']);
    expect((await cart([tip.p1.id], admin.token)).data[0].selection).toBe('Away +1');
    expect((await cart([tip.p1.id])).data[0].selection).toBeNull();
  });

  it('collapses duplicates and accepts an empty cart', async () => {
    expect((await cart([tip.s1.id, tip.s1.id])).data.map((d) => d.id)).toEqual([tip.s1.id]);
    const empty = { data: [], unavailableIds: [], unavailable: [] };
    expect(await cart([])).toEqual(empty);
    expect(await getOk<CartResponse>(t, '/api/tips/cart')).toEqual(empty);
  });

  it.each([
    ['tipIds=abc', "tipIds: 'abc' is not a tip id"],
    ['tipIds=0', "tipIds: '0' is not a tip id"],
    ['tipIds=-4', "tipIds: '-4' is not a tip id"],
    [`tipIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 'tipIds may list at most 50 values'],
  ])('rejects %s with 400', async (query, message) => {
    const response = await get(t, `/api/tips/cart?${query}`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });
});

describe('catalogue wiring', () => {
  it('writes the AI plan pictures the AI page loads, and they are served', async () => {
    for (const n of [1, 2, 3]) {
      expect(existsSync(path.join(t.config.dataDir, 'profile-images', `ai${n}.webp`))).toBe(true);
      const response = await get(t, `/api/users/profile-images/ai${n}.webp`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
  });

  it('documents every catalogue route in the OpenAPI description', async () => {
    const doc = await getOk<{ paths: Record<string, unknown> }>(t, '/api/docs/json');
    for (const route of [
      '/api/tips',
      '/api/tips/ai',
      '/api/tips/cart',
      '/api/tipsters',
      '/api/tipsters/profile/{id}',
      '/api/tipsters/records/{id}',
      '/api/tipsters/statistics',
    ]) {
      expect(doc.paths, route).toHaveProperty([route, 'get']);
    }
  });
});
