import type { TipPage } from '@tips/contract';
import { and, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { aiPlans, fixtures, OPEN_TIP_HOURS_MAX_PRICE_CENTS, tips } from '../../db/schema';
import { createTip, createTipster } from '../../db/seed/factories';
import { createFixture } from '../tips/settlement/settlement.test-support';
import { freshCatalogue, getOk } from './catalogue.test-support';

// Decision 187: the tip list's total adds whole kick-off hours from open_tip_hours (kept by
// triggers on tips) and counts the edges one by one. Whatever happens to tips — published in
// bulk, settled, moved, repriced, deleted, turned into a plan's pick — and whatever window and
// category a visitor asks for, the total must equal a plain count of the tips the list shows.

const NOW = new Date('2025-06-01T12:17:00.000Z'); // not on an hour: both edges are partial
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

let t: TestApp;
let senior: number;
let premium: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  senior = (await createTipster(db, { name: 'Senior Sam', category: 'SENIOR' })).id;
  premium = (await createTipster(db, { name: 'Premium Pat', category: 'PREMIUM' })).id;
  // Around now: already kicked off, within this hour, the next hours, on the hour, days ahead.
  const minutes = [-90, -5, 1, 20, 43, 60 - 17, 61, 103, 163, 600, 1420, 1423, 2000, 4000];
  for (const [i, m] of minutes.entries()) {
    await createTip(db, { tipsterId: i % 2 ? senior : premium, now: at(-180), eventTime: at(m) });
  }
  // Priced above the list's default ceiling: never in the default total.
  await createTip(db, {
    tipsterId: senior,
    now: at(-180),
    eventTime: at(200),
    priceCents: OPEN_TIP_HOURS_MAX_PRICE_CENTS + 1,
  });
  // An AI plan's pick: sold as a plan, never in the list.
  const [plan] = await db.select({ id: aiPlans.id }).from(aiPlans).limit(1);
  if (plan) await createTip(db, { tipsterId: senior, now: at(-180), eventTime: at(90), aiPlanId: plan.id });
});

afterAll(() => t.close());

interface Window {
  category?: 'senior' | 'premium';
  from?: Date;
  to?: Date;
}

const WINDOWS: Window[] = [
  {},
  { category: 'senior' },
  { category: 'premium' },
  { to: at(43) },
  { to: at(60 * 11 + 43) }, // "today" ends at an hour's start
  { to: at(60 * 11 + 50) },
  { from: at(60 * 11 + 43), to: at(60 * 35 + 43) },
  { from: at(30), to: at(50) }, // within one hour
  { from: at(-300) },
  { category: 'senior', from: at(100), to: at(3000) },
];

/** What the list shows, counted plainly. */
async function plainCount(w: Window): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(tips)
    .where(
      and(
        isNull(tips.result),
        isNull(tips.aiPlanId),
        lte(tips.priceCents, 1_000_000),
        gt(tips.eventTime, t.clock.now()),
        w.category ? eq(tips.tipsType, w.category === 'senior' ? 'SENIOR' : 'PREMIUM') : undefined,
        w.from ? gte(tips.eventTime, w.from) : undefined,
        w.to ? lt(tips.eventTime, w.to) : undefined,
      ),
    );
  return row.n;
}

async function listTotal(w: Window): Promise<number> {
  await freshCatalogue(t);
  const query = new URLSearchParams({ pageSize: '5' });
  if (w.category) query.set('category', w.category);
  if (w.from) query.set('kickOffFrom', w.from.toISOString());
  if (w.to) query.set('kickOffTo', w.to.toISOString());
  return (await getOk<TipPage>(t, `/api/tips?${query}`)).totalItems;
}

async function expectTotalsTrue() {
  for (const w of WINDOWS) {
    const expected = await plainCount(w);
    expect({ window: w, total: await listTotal(w) }).toEqual({ window: w, total: expected });
  }
}

describe('the tip list total (decision 187)', () => {
  it('equals a plain count for every window and category', async () => {
    expect(await plainCount({})).toBeGreaterThan(5);
    await expectTotalsTrue();
  });

  it('stays true as tips are published in bulk, settled, and moved with their fixture', async () => {
    const db = t.database.db;
    await db.insert(tips).values(
      Array.from({ length: 40 }, (_, i) => ({
        tipsterId: i % 3 ? senior : premium,
        tipsType: i % 3 ? ('SENIOR' as const) : ('PREMIUM' as const),
        league: 'Bundesliga',
        homeTeam: 'Home',
        awayTeam: 'Away',
        eventTime: at(10 + i * 37),
        bettingType: 1,
        selection: 'Home -0.5',
        oddsHundredths: 190,
        priceCents: 500,
        publishedAt: at(-60),
      })),
    );
    await expectTotalsTrue();

    // Two kicked-off tips settled (one statement), as the settlement does.
    await db.execute(sql`update tips set result = 'WIN', outcome = 'WIN', result_details = 'FT 1-0',
      settled_at = ${NOW.toISOString()}::timestamptz
      where result is null and event_time < ${NOW.toISOString()}::timestamptz`);
    await expectTotalsTrue();

    // A match moved by its feed: its tips follow the new kick-off into another hour and day.
    const fixture = await createFixture(db, { kickoffAt: at(50) });
    const onFixture = { tipsterId: senior, now: at(-180), fixtureId: fixture.id, eventTime: at(50) };
    await createTip(db, onFixture);
    await createTip(db, onFixture);
    await expectTotalsTrue();
    await db
      .update(fixtures)
      .set({ kickoffAt: at(60 * 26 + 5) })
      .where(eq(fixtures.id, fixture.id));
    await db.execute(sql`update tips set event_time = ${at(60 * 26 + 5).toISOString()}::timestamptz
      where fixture_id = ${fixture.id}`);
    await expectTotalsTrue();
  });

  it('stays true as the clock passes an hour and kick-offs go by', async () => {
    for (const minutes of [43, 44, 60 * 5 + 2, 60 * 30]) {
      t.clock.set(at(minutes));
      await expectTotalsTrue();
    }
    t.clock.set(NOW);
  });
});
