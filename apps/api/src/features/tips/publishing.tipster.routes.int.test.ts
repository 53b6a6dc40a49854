import {
  BACKOFFICE_MESSAGES,
  type CartResponse,
  type ErrorBody,
  type FixtureOdds,
  MARKET_PRICE_MESSAGES,
  type PublishTipInput,
  type PublishTipResponse,
  PublishTipResponseSchema,
  type RecordPage,
  RecordPageSchema,
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
import { offerPrices, priceWholeFixture, TEST_BOOKMAKER } from '../../../test/market-prices.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { aiSubscriptions, entitlements, orderItems, orders, tips } from '../../db/schema';
import { createSettledTip, createUser } from '../../db/seed/factories';
import { createEarningsRepo } from '../commerce/earnings/earnings.repo';
import { createFixture as createBareFixture } from './settlement/settlement.test-support';

let t: TestApp;

// Every match these tests publish on prices each selection at 3.00 from the moment it is created
// (decision 150): the price rule has its own tests below.
async function createFixture(...args: Parameters<typeof createBareFixture>) {
  const fixture = await createBareFixture(...args);
  await priceWholeFixture(t.database.db, t.clock.now(), fixture.id);
  return fixture;
}
let me: Awaited<ReturnType<typeof signedInTipster>>;
// The match most tests publish on: three hours ahead of NOW.
let match: Awaited<ReturnType<typeof createFixture>>;

const publishBody = (overrides: Partial<PublishTipInput> = {}): PublishTipInput => ({
  fixtureId: match.id,
  bettingType: 1,
  selection: 'home -0.5',
  odds: 1.85,
  price: 12.5,
  reasoning: 'Arsenal unbeaten at home since March.',
  ...overrides,
});

async function publish(token: string, overrides: Partial<PublishTipInput> = {}) {
  // One pick per market and match (decision 114): each tip these tests publish without naming a
  // match gets a match of its own, three hours ahead like the first.
  if (overrides.fixtureId === undefined) match = await createFixture(t.database.db, { kickoffAt: at(3) });
  return callOk<PublishTipResponse>(t, 'POST', '/api/tipster/tips', token, publishBody(overrides), 201);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  me = await signedInTipster(t, { name: 'Tess Tipster', category: 'PREMIUM' });
  match = await createFixture(t.database.db, { kickoffAt: at(3) });
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
      fixtureId: match.id,
      league: match.league,
      eventName: match.league,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      eventTime: at(3).toISOString(),
      bettingType: 1,
      selection: 'Home -0.5',
      odds: 1.85,
      price: 12.5,
      isFinalized: false,
      publishedAt: new Date(NOW.getTime() + 1234).toISOString(),
      reasoning: 'Arsenal unbeaten at home since March.',
      outcome: null,
      tipster: { id: me.tipster.id, name: 'Tess Tipster', category: 'PREMIUM' },
    });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, body.data.id));
    expect(row).toMatchObject({
      priceCents: 1250,
      oddsHundredths: 185,
      currency: 'DOLLARS',
      aiPlanId: null,
      fixtureId: match.id,
      stake: 1,
    });
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
    const soon = await createFixture(t.database.db, { kickoffAt: at(1) });
    const { data } = await publish(me.token, { fixtureId: soon.id });
    const page = (await call(t, 'GET', '/api/tips?pageSize=50')).json() as TipPage;
    const listed = page.data.find((tip) => tip.id === data.id);
    expect(listed).toMatchObject({
      homeTeam: soon.homeTeam,
      selection: null,
      fixtureId: soon.id,
      outcome: null,
    });
  });

  it('takes league, teams and kick-off from the fixture, whatever else the body sends', async () => {
    const body = await publish(me.token, {
      league: 'Made-up League',
      homeTeam: 'Everton',
      awayTeam: 'Fulham',
      eventTime: at(20).toISOString(),
    } as Partial<PublishTipInput>);
    expect(body.data).toMatchObject({
      fixtureId: match.id,
      league: match.league,
      eventName: match.league,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      eventTime: at(3).toISOString(),
    });
  });

  it.each([
    [1, 'home -0.25', 'Home -0.25'],
    [1, 'Away +1.75', 'Away +1.75'],
    [1, 'home -0', 'Home 0'],
    [5, 'away +3.5', 'Away +3.5'],
    [2, 'over 2.75', 'Over 2.75'],
    [8, 'Under 0.5', 'Under 0.5'],
    [2, 'Over 3.0', 'Over 3'],
    [14, 'home -1', 'Home -1'],
  ] as const)(
    'accepts the line of type %i %j and stores it as %j',
    async (bettingType, selection, stored) => {
      const { data } = await publish(me.token, { bettingType, selection });
      expect(data.selection).toBe(stored);
      const [row] = await t.database.db.select().from(tips).where(eq(tips.id, data.id));
      expect(row.selection).toBe(stored);
    },
  );

  it('refuses a fixture that does not exist (404) and publishes nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody({ fixtureId: 2_000_000_000 }),
    });
    expect(response.statusCode).toBe(404);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.fixtureNotFound]);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses a body without a fixture (400)', async () => {
    const { fixtureId: _omitted, ...body } = publishBody();
    const response = await call(t, 'POST', '/api/tipster/tips', { token: me.token, body });
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(BACKOFFICE_MESSAGES.fixtureRequired);
  });

  it('refuses a fixture that is not scheduled (422), even before its kick-off', async () => {
    const postponed = await createFixture(t.database.db, { kickoffAt: at(5), status: 'postponed' });
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody({ fixtureId: postponed.id }),
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.fixtureNotScheduled]);
  });

  it('invalidates the catalogue cache after publishing', async () => {
    const cache = t.services.catalogueCache;
    await cache.set('probe', 1, 60_000);
    await publish(me.token);
    expect(await cache.get('probe')).toBeUndefined();
  });

  it('refuses a tip for a match that has kicked off (422), also at the exact kick-off', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    for (const kickoffAt of [at(-1), NOW]) {
      const kickedOff = await createFixture(t.database.db, { kickoffAt });
      const response = await call(t, 'POST', '/api/tipster/tips', {
        token: me.token,
        body: publishBody({ fixtureId: kickedOff.id }),
      });
      expect(response.statusCode).toBe(422);
      expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.kickoffPassed]);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tips);
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses a kick-off more than 30 days ahead (422)', async () => {
    const far = await createFixture(t.database.db, { kickoffAt: at(31 * 24) });
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody({ fixtureId: far.id }),
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.kickoffTooFar]);
  });

  it.each([
    [{ selection: 'Home -0.3' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ selection: 'Home -3.75' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ bettingType: 2 as const, selection: 'Over 6.75' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ bettingType: 14 as const, selection: 'Home -0.5' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ bettingType: 2 as const, selection: 'Home' }, BACKOFFICE_MESSAGES.selectionInvalid],
    [{ fixtureId: 0 }, BACKOFFICE_MESSAGES.fixtureRequired],
    [{ fixtureId: 2_147_483_648 }, BACKOFFICE_MESSAGES.fixtureRequired],
    [{ odds: 1 }, BACKOFFICE_MESSAGES.oddsInvalid],
    [{ odds: 1.855 }, BACKOFFICE_MESSAGES.oddsInvalid],
    [{ price: -1 }, BACKOFFICE_MESSAGES.priceInvalid],
    [{ stake: 0 }, BACKOFFICE_MESSAGES.stakeInvalid],
    [{ stake: 11 }, BACKOFFICE_MESSAGES.stakeInvalid],
    [{ stake: 2.5 }, BACKOFFICE_MESSAGES.stakeInvalid],
    [{ price: undefined }, BACKOFFICE_MESSAGES.priceRequired],
  ])('rejects invalid input %j (400)', async (overrides, message) => {
    const response = await call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });

  it('keeps the stake the tipster chose, 1 to 10 units', async () => {
    const { data } = await publish(me.token, { stake: 7 });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, data.id));
    expect(row.stake).toBe(7);
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

// Issue #27 (decision 150): a new tipster published Real Madrid to beat Getafe @ 25.00, "Over 0.5"
// @ 3.00 and a draw @ 1000 (three 201s). Tips are published at most at the market's best price
// plus 2 %, and keep that price as their reference.
describe('publishing takes the market price', () => {
  const HOUR = 3_600_000;
  async function pricedMatch() {
    const fixture = await createBareFixture(t.database.db, { kickoffAt: at(3) });
    // Two bookmakers: the best price of each selection is the one publishing compares with.
    await offerPrices(t.database.db, new Date(NOW.getTime() - HOUR), [
      { fixtureId: fixture.id, bettingType: 3, selection: 'Home', odds: 1.4, bookmaker: 'Other Book' },
      { fixtureId: fixture.id, bettingType: 3, selection: 'Draw', odds: 4.5, bookmaker: 'Other Book' },
      { fixtureId: fixture.id, bettingType: 3, selection: 'Away', odds: 7.5, bookmaker: 'Other Book' },
    ]);
    await offerPrices(t.database.db, NOW, [
      { fixtureId: fixture.id, bettingType: 3, selection: 'Home', odds: 1.45 },
      { fixtureId: fixture.id, bettingType: 3, selection: 'Draw', odds: 4.4 },
      { fixtureId: fixture.id, bettingType: 3, selection: 'Away', odds: 7 },
      { fixtureId: fixture.id, bettingType: 2, selection: 'Over 0.5', odds: 1.04 },
      { fixtureId: fixture.id, bettingType: 2, selection: 'Under 0.5', odds: 12 },
    ]);
    return fixture;
  }
  const attempt = (
    fixtureId: number,
    bettingType: PublishTipInput['bettingType'],
    selection: string,
    odds: number,
  ) =>
    call(t, 'POST', '/api/tipster/tips', {
      token: me.token,
      body: publishBody({ fixtureId, bettingType, selection, odds, stake: 10 }),
    });
  const tipsOn = (fixtureId: number) =>
    t.database.db.select({ id: tips.id }).from(tips).where(eq(tips.fixtureId, fixtureId));

  it("refuses the issue's three tips (Home @ 25, Over 0.5 @ 3.00, Draw @ 1000) naming the best price and its bookmaker", async () => {
    const fixture = await pricedMatch();
    for (const [bettingType, selection, odds, expected] of [
      [
        3,
        'Home',
        25,
        'Odds 25.00 are above the best current price 1.45 (House book (demo)) for this selection: publish at 1.47 or less.',
      ],
      [
        2,
        'over 0.5',
        3,
        'Odds 3.00 are above the best current price 1.04 (House book (demo)) for this selection: publish at 1.06 or less.',
      ],
      [
        3,
        'Draw',
        1000,
        'Odds 1000.00 are above the best current price 4.50 (Other Book) for this selection: publish at 4.59 or less.',
      ],
    ] as const) {
      const response = await attempt(fixture.id, bettingType, selection, odds);
      expect(response.statusCode, selection).toBe(422);
      expect((response.json() as ErrorBody).errors).toEqual([expected]);
    }
    expect(await tipsOn(fixture.id)).toEqual([]);
  });

  it('refuses odds just above the tolerance and publishes at it, with the reference price kept and shown', async () => {
    const fixture = await pricedMatch();
    expect((await attempt(fixture.id, 3, 'Home', 1.48)).statusCode).toBe(422);
    const response = await attempt(fixture.id, 3, 'Home', 1.47);
    expect(response.statusCode, response.body).toBe(201);
    const reference = { odds: 1.45, bookmaker: TEST_BOOKMAKER, source: 'house-book', at: NOW.toISOString() };
    expect(response.json().data).toMatchObject({ odds: 1.47, referenceOdds: reference, oddsVerified: true });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, response.json().data.id));
    // The margin-free probability of Home in the house book's 1X2 at that moment (1/1.45 over the market's sum).
    const sum = 1 / 1.45 + 1 / 4.4 + 1 / 7;
    expect(row.referenceFairPpm).toBe(Math.round((1 / 1.45 / sum) * 1_000_000));
    // The buyer who cannot see the selection does not see its price either.
    const cart = (await call(t, 'GET', `/api/tips/cart?tipIds=${row.id}`)).json() as CartResponse;
    expect(cart.data[0]).toMatchObject({ selection: null, referenceOdds: null, oddsVerified: true });
  });

  it('prices a match imported since the last refresh from the house book when the form asks for its odds, and publishes at that price', async () => {
    const fixture = await createBareFixture(t.database.db, { kickoffAt: at(3) });
    // The refresher has polled (its competition and day) before the match was imported.
    const [{ code }] = (
      (await t.database.db.execute(
        sql`select c.code from fixtures f join competitions c on c.id = f.competition_id where f.id = ${fixture.id}`,
      )) as unknown as { rows: Array<{ code: string }> }
    ).rows;
    const scope = `house-book:${code}:${at(3).toISOString().slice(0, 10)}`;
    await t.database.db.execute(
      sql`insert into market_price_polls (scope, polled_at) values (${scope}, ${NOW.toISOString()}::timestamptz)`,
    );
    const odds = (await call(t, 'GET', `/api/fixtures/${fixture.id}/odds`)).json().data as FixtureOdds;
    expect(odds.source).toBe('house-book');
    const home = odds.markets.find((m) => m.bettingType === 3 && m.selection === 'Home');
    expect(home).toMatchObject({ bookmaker: 'House book (demo)' });
    const response = await attempt(fixture.id, 3, 'Home', home?.odds ?? 0);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.referenceOdds).toMatchObject({
      odds: home?.odds,
      bookmaker: 'House book (demo)',
    });
  });

  it('refuses a selection with no current price: never priced, or last read longer ago than the maximum age', async () => {
    const fixture = await pricedMatch();
    const never = await attempt(fixture.id, 4, '9-9', 50);
    expect(never.statusCode).toBe(422);
    expect((never.json() as ErrorBody).errors).toEqual([MARKET_PRICE_MESSAGES.noMarketPrice]);
    // Read 2 hours and a minute ago: older than the maximum age (PRICE_MAX_AGE_MINUTES, 120).
    await offerPrices(t.database.db, new Date(NOW.getTime() - 2 * HOUR - 60_000), [
      { fixtureId: fixture.id, bettingType: 15, selection: 'Odd', odds: 1.9 },
    ]);
    const stale = await attempt(fixture.id, 15, 'Odd', 1.9);
    expect(stale.statusCode).toBe(422);
    expect((stale.json() as ErrorBody).errors).toEqual([MARKET_PRICE_MESSAGES.noMarketPrice]);
    expect(await tipsOn(fixture.id)).toEqual([]);
  });
});

// Issue 29.8 (decision 114): a tipster published Home, Draw and Away on one fixture (three 201s),
// a hedge that guarantees a winner in the record. One open pick per match and market.
describe('one pick per market', () => {
  const refused = async (token: string, overrides: Partial<PublishTipInput>) => {
    const response = await call(t, 'POST', '/api/tipster/tips', { token, body: publishBody(overrides) });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.onePickPerMarket]);
  };
  const tipsOn = async (fixtureId: number, tipsterId: number) =>
    t.database.db
      .select({ selection: tips.selection })
      .from(tips)
      .where(sql`${tips.fixtureId} = ${fixtureId} and ${tips.tipsterId} = ${tipsterId}`);

  it('refuses Draw and Away after Home on the same match: the attack publishes one tip, not three', async () => {
    const game = await createFixture(t.database.db, { kickoffAt: at(5) });
    await publish(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Home' });
    await refused(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Draw' });
    await refused(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Away' });
    await refused(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Home' }); // a duplicate too
    expect(await tipsOn(game.id, me.tipster.id)).toEqual([{ selection: 'Home' }]);
  });

  it('treats the full-time result markets as one market: 1X2, Home/Away, Asian and European handicap', async () => {
    const game = await createFixture(t.database.db, { kickoffAt: at(5) });
    await publish(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Home' });
    await refused(me.token, { fixtureId: game.id, bettingType: 1, selection: 'Away +0.5' });
    await refused(me.token, { fixtureId: game.id, bettingType: 113, selection: 'Away' });
    await refused(me.token, { fixtureId: game.id, bettingType: 14, selection: 'Away +1' });
  });

  it('refuses a second line on a line market, either side (Over 2.5 then Under 2.5 or Over 3.5)', async () => {
    const game = await createFixture(t.database.db, { kickoffAt: at(5) });
    await publish(me.token, { fixtureId: game.id, bettingType: 2, selection: 'Over 2.5' });
    await refused(me.token, { fixtureId: game.id, bettingType: 2, selection: 'Under 2.5' });
    await refused(me.token, { fixtureId: game.id, bettingType: 2, selection: 'Over 3.5' });
    await publish(me.token, { fixtureId: game.id, bettingType: 4, selection: '2-1' });
    await refused(me.token, { fixtureId: game.id, bettingType: 4, selection: '1-1' });
  });

  it('allows other markets on the same match, the same market on another match, and another tipster', async () => {
    const game = await createFixture(t.database.db, { kickoffAt: at(5) });
    await publish(me.token, { fixtureId: game.id, bettingType: 3, selection: 'Home' });
    for (const [bettingType, selection] of [
      [2, 'Over 2.5'],
      [6, 'Home'],
      [8, 'Under 1.5'],
      [4, '2-1'],
      [7, '1-0'],
      [15, 'Odd'],
    ] as const) {
      await publish(me.token, { fixtureId: game.id, bettingType, selection });
    }
    const other = await createFixture(t.database.db, { kickoffAt: at(5) });
    await publish(me.token, { fixtureId: other.id, bettingType: 3, selection: 'Away' });
    const rival = await signedInTipster(t, { name: 'Rita Rival', category: 'PREMIUM' });
    await publish(rival.token, { fixtureId: game.id, bettingType: 3, selection: 'Away' });
    expect(await tipsOn(game.id, me.tipster.id)).toHaveLength(7);
  });

  it('two publishes at once on one market: exactly one is accepted', async () => {
    const game = await createFixture(t.database.db, { kickoffAt: at(5) });
    const responses = await Promise.all(
      (['Home', 'Draw', 'Away'] as const).map((selection) =>
        call(t, 'POST', '/api/tipster/tips', {
          token: me.token,
          body: publishBody({ fixtureId: game.id, bettingType: 3, selection }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await tipsOn(game.id, me.tipster.id)).toHaveLength(1);
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
    await expect(db.update(tips).set({ stake: 10 }).where(eq(tips.id, data.id))).rejects.toThrow();
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
  it("lists only the tipster's own tips with sales count and their net share of the sales", async () => {
    const other = await signedInTipster(t, { category: 'SENIOR' });
    const mine = await publish(me.token, { price: 20 });
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
    // The PayPal sale's earnings, as its fulfilment posts them: 70 % of $18 is the tipster's.
    await createEarningsRepo(db).recordSales({
      orderId: order.id,
      paidWith: 'paypal',
      sharePercent: 70,
      now: new Date(),
      lines: [{ tipId: mine.data.id, tipsterId: me.tipster.id, tipsterHasAccount: true, priceCents: 1800 }],
    });

    const page = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?pageSize=50', me.token);
    expect(TipsterTipPageSchema.safeParse(page).success).toBe(true);
    expect(page.data.map((tip) => tip.tipster.id).every((id) => id === me.tipster.id)).toBe(true);
    expect(page.data.some((tip) => tip.id === theirs.data.id)).toBe(false);
    const listed = page.data.find((tip) => tip.id === mine.data.id);
    expect(listed).toMatchObject({
      salesCount: 2,
      earnings: 12.6,
      selection: 'Home -0.5',
      fixtureId: match.id,
      outcome: null,
    });

    const summary = await callOk<TipsterSummaryResponse>(t, 'GET', '/api/tipster/summary', me.token);
    expect(TipsterSummaryResponseSchema.safeParse(summary).success).toBe(true);
    expect(summary).toMatchObject({ salesCount: 2, earnings: 12.6, tipsPublished: page.totalItems });
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
    expect(settled.data.map((tip) => tip.outcome)).toEqual(['WIN', 'LOSS', 'VOID']);

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

describe('fixture and outcome in every response', () => {
  it('are carried by the cart, the portal, the back office and the records, half outcomes included', async () => {
    const db = t.database.db;
    const quarter = await signedInTipster(t, { category: 'SENIOR' });
    const admin = await signedIn(t, ['user', 'admin']);
    const fixture = await createFixture(db, { kickoffAt: at(5 / 60) });
    const { data } = await publish(quarter.token, {
      fixtureId: fixture.id,
      bettingType: 2,
      selection: 'Over 2.75',
    });

    const cart = (await call(t, 'GET', `/api/tips/cart?tipIds=${data.id}`)).json() as CartResponse;
    expect(cart.data[0]).toMatchObject({
      id: data.id,
      fixtureId: fixture.id,
      outcome: null,
      selection: null,
    });

    // Just after kick-off (access tokens outlive this).
    t.clock.set(at(6 / 60));
    const unsettled = await callOk<{
      data: Array<{ id: number; outcome: string | null; fixtureId: number | null }>;
    }>(t, 'GET', '/api/admin/tips/unsettled?pageSize=50', admin.token);
    expect(unsettled.data.find((tip) => tip.id === data.id)).toMatchObject({
      fixtureId: fixture.id,
      outcome: null,
    });
    const settled = await callOk<{ data: { outcome: string | null; fixtureId: number | null } }>(
      t,
      'POST',
      `/api/admin/tips/${data.id}/settle`,
      admin.token,
      { score: { home: 2, away: 1, htHome: 1, htAway: 0 } },
    );
    expect(settled.data).toMatchObject({ fixtureId: fixture.id, result: 'Win', outcome: 'HALF_WIN' });

    const portal = await callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?status=settled', quarter.token);
    expect(portal.data[0]).toMatchObject({
      id: data.id,
      fixtureId: fixture.id,
      result: 'Win',
      outcome: 'HALF_WIN',
    });
    const records = await callOk<RecordPage>(
      t,
      'GET',
      `/api/tipsters/records/${quarter.tipster.id}`,
      quarter.token,
    );
    expect(RecordPageSchema.safeParse(records).success).toBe(true);
    expect(records.data[0]).toMatchObject({
      id: data.id,
      fixtureId: fixture.id,
      selection: 'Over 2.75',
      result: 'Win',
      isWin: true,
      outcome: 'HALF_WIN',
    });
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
