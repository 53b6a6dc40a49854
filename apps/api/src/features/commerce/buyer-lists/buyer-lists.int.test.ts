import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../../../db/schema';
import { createSettledTip, createTip, createTipster, createUser } from '../../../db/seed/factories';
import { type CommerceTestApp, createCommerceTestApp } from '../commerce.test-support';

let t: CommerceTestApp;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A unique selection, so a leak of one tip's selection is visible in a response. */
const marker = () => `MARKER-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

type TipDto = { id: number; selection: string | null; isOwned: boolean; isFinalized: boolean };

describe('the buyer’s lists', () => {
  it('Running Tips: bought and open, by kick-off, with the selection; nothing else', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const user = await createUser(db, { creditBalance: 100_000 });
    const tipster = await createTipster(db);
    const later = await createTip(db, {
      tipsterId: tipster.id,
      now,
      eventTime: new Date(now.getTime() + 9 * 3600_000),
      selection: marker(),
    });
    const sooner = await createTip(db, {
      tipsterId: tipster.id,
      now,
      eventTime: new Date(now.getTime() + 3 * 3600_000),
      selection: marker(),
    });
    const notBought = await createTip(db, { tipsterId: tipster.id, now, selection: marker() });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(user),
      payload: { cart: [later.id, sooner.id] },
    });
    expect(bought.statusCode).toBe(200);
    const settled = await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(now.getTime() - 86_400_000),
    });
    await db.insert(entitlements).values({ userId: user.id, tipId: settled.id, source: 'admin' });

    const running = await t.app.inject({
      method: 'GET',
      url: '/api/tips/running',
      headers: await t.bearer(user),
    });
    expect(running.statusCode).toBe(200);
    const data: TipDto[] = running.json().data;
    expect(data.map((d) => d.id)).toEqual([sooner.id, later.id]);
    expect(data.map((d) => d.selection)).toEqual([sooner.selection, later.selection]);
    expect(data.every((d) => d.isOwned && !d.isFinalized)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(notBought.selection);

    const other = await createUser(db);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/tips/running',
      headers: await t.bearer(other),
    });
    expect(empty.json()).toEqual({ data: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/tips/running' })).statusCode).toBe(401);
  });

  it('History: bought and settled, newest first, paged with totals', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const user = await createUser(db);
    const tipster = await createTipster(db);
    const settled = [];
    for (let d = 1; d <= 3; d++) {
      const tip = await createSettledTip(db, {
        tipsterId: tipster.id,
        result: d === 2 ? 'LOSS' : 'WIN',
        eventTime: new Date(now.getTime() - d * 86_400_000),
      });
      await db.insert(entitlements).values({ userId: user.id, tipId: tip.id, source: 'admin' });
      settled.push(tip);
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/tips/history?pageNumber=1&pageSize=2',
      headers: await t.bearer(user),
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ currentPage: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    expect(page1.json().data.map((d: TipDto) => d.id)).toEqual([settled[0].id, settled[1].id]);
    expect(page1.json().data[1]).toMatchObject({ result: 'Loss', isWin: false, isFinalized: true });
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/tips/history?pageNumber=2&pageSize=2',
      headers: await t.bearer(user),
    });
    expect(page2.json().data.map((d: TipDto) => d.id)).toEqual([settled[2].id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/tips/history?pageSize=0',
      headers: await t.bearer(user),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('Followed tips: open tips of followed tipsters, grouped, with the selection only where owned', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const user = await createUser(db, { creditBalance: 100_000 });
    const auth = await t.bearer(user);
    const followed = await createTipster(db, { name: 'Alpha Tips' });
    const alsoFollowed = await createTipster(db, { name: 'Beta Tips' });
    const notFollowed = await createTipster(db, { name: 'Gamma Tips' });
    const [a1, a2] = [
      await createTip(db, { tipsterId: followed.id, now, selection: marker() }),
      await createTip(db, { tipsterId: followed.id, now, selection: marker() }),
    ];
    const b1 = await createTip(db, { tipsterId: alsoFollowed.id, now, selection: marker() });
    const c1 = await createTip(db, { tipsterId: notFollowed.id, now, selection: marker() });
    await createSettledTip(db, {
      tipsterId: followed.id,
      result: 'WIN',
      eventTime: new Date(now.getTime() - 86_400_000),
    });
    for (const id of [followed.id, alsoFollowed.id]) {
      await t.app.inject({ method: 'POST', url: `/api/tipsters/follow/${id}`, headers: auth });
    }
    await t.app.inject({ method: 'POST', url: '/api/tips/buy', headers: auth, payload: { cart: [a2.id] } });

    const response = await t.app.inject({ method: 'GET', url: '/api/tips/following', headers: auth });
    expect(response.statusCode).toBe(200);
    const groups: Array<{ tipster: { id: number; name: string }; tips: TipDto[] }> = response.json().data;
    expect(groups.map((g) => g.tipster.name)).toEqual(['Alpha Tips', 'Beta Tips']);
    expect(groups[0].tips.map((tip) => [tip.id, tip.selection])).toEqual([
      [a1.id, null],
      [a2.id, a2.selection],
    ]);
    expect(groups[1].tips.map((tip) => [tip.id, tip.selection])).toEqual([[b1.id, null]]);
    expect(JSON.stringify(groups)).not.toContain(c1.selection);
    expect(JSON.stringify(groups)).not.toContain(a1.selection);
  });
});
