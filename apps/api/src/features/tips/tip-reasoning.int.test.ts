import type { Tip } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettledTip, createTip, createTipster, createUser } from '../../db/seed/factories';
import { type CommerceTestApp, createCommerceTestApp, mailTo } from '../commerce/commerce.test-support';

// Issue #28 part 6 (decision 141): the tipster's analysis is paid content. It follows the
// selection rule everywhere: hidden from anyone who has not bought the tip (list, cart, profile,
// buyer lists, cached or not), shown to its buyer (running tips, purchase email), its tipster and
// admins, and public once the tip is free or settled.

let t: CommerceTestApp;
let seq = 0;
/** A unique analysis, so a leak shows as its text anywhere in a response. */
const marker = () => `ANALYSIS-${++seq}-${Math.random().toString(36).slice(2, 8)}: away side rotates.`;

beforeAll(async () => {
  t = await createCommerceTestApp();
});
afterAll(() => t.close());

async function get(url: string, user?: { id: number; roles?: string[] }) {
  const response = await t.app.inject({ method: 'GET', url, headers: user ? await t.bearer(user) : {} });
  expect(response.statusCode, url).toBe(200);
  return response;
}

function findTip(body: unknown, id: number): Tip | undefined {
  const { data } = body as { data: Tip[] };
  return data.find((tip) => tip.id === id);
}

describe('the analysis of a paid tip', () => {
  it('reaches no one without a purchase, in any list or detail; its buyer sees it everywhere', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const tipsterUser = await createUser(db, { roles: ['user', 'tipster'] });
    const tipster = await createTipster(db, { userId: tipsterUser.id, category: 'PREMIUM' });
    const paidReasoning = marker();
    const freeReasoning = marker();
    const paid = await createTip(db, {
      tipsterId: tipster.id,
      now,
      priceCents: 900,
      reasoning: paidReasoning,
    });
    const free = await createTip(db, { tipsterId: tipster.id, now, priceCents: 0, reasoning: freeReasoning });
    const attacker = await createUser(db, { creditBalance: 100_000 });
    const buyer = await createUser(db, { creditBalance: 100_000 });

    const publicUrls = [
      '/api/tips?pageSize=50',
      '/api/tips?category=premium&pageSize=50',
      `/api/tips/cart?tipIds=${paid.id},${free.id}`,
      `/api/tipsters/profile/${tipster.id}`,
    ];
    const buyerUrls = ['/api/tips/running', '/api/tips/history', '/api/tips/following'];
    // Visitors fill the catalogue cache first: a cached anonymous view must not carry it either.
    for (const url of publicUrls) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain(paidReasoning);
      // The cart lists only what can be bought: free tips are reported unavailable there.
      if (!url.includes('/cart')) expect(body, url).toContain(freeReasoning);
    }
    for (const url of [...publicUrls, ...buyerUrls]) {
      expect((await get(url, attacker)).body, url).not.toContain(paidReasoning);
    }
    const listed = findTip((await get('/api/tips?pageSize=50', attacker)).json(), paid.id);
    expect(listed).toMatchObject({ selection: null, reasoning: null, isOwned: false });

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(buyer),
      payload: { cart: [paid.id] },
    });
    expect(bought.statusCode).toBe(200);

    // The buyer: running tips, the catalogue (through the cache overlay), the profile. (The cart
    // reports an owned tip unavailable, so it shows the tip to no one after the sale.)
    const running = findTip((await get('/api/tips/running', buyer)).json(), paid.id);
    expect(running).toMatchObject({ selection: paid.selection, reasoning: paidReasoning, isOwned: true });
    expect(findTip((await get('/api/tips?pageSize=50', buyer)).json(), paid.id)?.reasoning).toBe(
      paidReasoning,
    );
    const profile = (await get(`/api/tipsters/profile/${tipster.id}`, buyer)).json() as { activeTips: Tip[] };
    expect(profile.activeTips.find((tip) => tip.id === paid.id)?.reasoning).toBe(paidReasoning);
    // The purchase email carries the analysis under the pick.
    const mails = await mailTo(db, buyer.email);
    expect(JSON.stringify(mails)).toContain(paidReasoning);

    // Still nobody else: the attacker after the sale, and visitors.
    for (const url of [...publicUrls, ...buyerUrls]) {
      expect((await get(url, attacker)).body, url).not.toContain(paidReasoning);
      if (!buyerUrls.includes(url)) expect((await get(url)).body, url).not.toContain(paidReasoning);
    }
    expect(JSON.stringify(await mailTo(db, attacker.email))).not.toContain(paidReasoning);

    // Its tipster sees it in the portal; an admin in the back office.
    const own = await get('/api/tipster/tips', { id: tipsterUser.id, roles: ['user', 'tipster'] });
    expect(findTip(own.json(), paid.id)?.reasoning).toBe(paidReasoning);
    const admin = await createUser(db, { roles: ['user', 'admin'] });
    expect(findTip((await get('/api/tips?pageSize=50', admin)).json(), paid.id)?.reasoning).toBe(
      paidReasoning,
    );
  });

  it('is public on the record once the tip is settled', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db);
    const reasoning = marker();
    const settled = await createSettledTip(db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(t.clock.now().getTime() - 86_400_000),
      priceCents: 1500,
      reasoning,
    });
    const records = (await get(`/api/tipsters/records/${tipster.id}`)).json() as {
      data: Array<{ id: number; reasoning?: string }>;
    };
    expect(records.data.find((record) => record.id === settled.id)?.reasoning).toBe(reasoning);
  });
});
