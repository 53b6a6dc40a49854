import { bettingTypesOfMarket } from '@tips/contract';
import { verifyRecord } from '@tips/contract/record-verify';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import { createCatalogueCache } from '../../features/catalogue/catalogue-cache';
import { createTipstersService } from '../../features/catalogue/tipsters.service';
import { createRecordsService } from '../../features/records/records.service';
import { gradeOutcome } from '../../features/tips/settlement/grading/grade-outcome';
import { ANONYMOUS } from '../../features/tips/tip-view';
import type { Database } from '../client';
import { aiPicks, competitions, fixtures, teams, tips, tipsterStats, tipsters, users } from '../schema';
import { seedTestFootball } from './demo-football.test-support';
import { seedDemo, seedDemoIfEmpty, topUpDemoTips } from './seed-demo';

let database: Database;
// A Tuesday: the replay shows Champions League matchday 5 of 2024-25 (104 weeks on).
const now = new Date('2026-11-24T12:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await seedTestFootball(database, now);
  await seedDemo(database, { now, log: () => {}, historyPerTipster: 6 });
}, 120_000);
afterAll(() => database.close());

/** Every tip with its fixture as the database holds it (competition and team names joined). */
async function tipsWithFixtures() {
  const home = sql`(select name from ${teams} where ${teams.id} = ${fixtures.homeTeamId})`;
  const away = sql`(select name from ${teams} where ${teams.id} = ${fixtures.awayTeamId})`;
  return database.db
    .select({
      tip: tips,
      fixtureId: fixtures.id,
      league: competitions.name,
      homeTeam: sql<string>`${home}`,
      awayTeam: sql<string>`${away}`,
      kickoffAt: fixtures.kickoffAt,
      status: fixtures.status,
      source: fixtures.source,
      ftHome: fixtures.ftHome,
      ftAway: fixtures.ftAway,
      htHome: fixtures.htHome,
      htAway: fixtures.htAway,
    })
    .from(tips)
    .leftJoin(fixtures, eq(fixtures.id, tips.fixtureId))
    .leftJoin(competitions, eq(competitions.id, fixtures.competitionId));
}

describe('demo seed', () => {
  it('creates tipsters of every category, settled history, open tips and the demo accounts', async () => {
    const cats = await database.db
      .select({ category: tipsters.category, n: count() })
      .from(tipsters)
      .groupBy(tipsters.category);
    expect(cats.map((c) => c.category).sort()).toEqual([
      'High AI Model',
      'Low AI Model',
      'Medium AI Model',
      'PREMIUM',
      'SENIOR',
    ]);
    expect(cats.reduce((s, c) => s + c.n, 0)).toBe(60);
    const names = await database.db.select({ name: tipsters.name }).from(tipsters);
    expect(new Set(names.map((n) => n.name)).size).toBe(names.length);
    const [{ open }] = await database.db
      .select({ open: count() })
      .from(tips)
      .where(and(isNull(tips.result), gt(tips.eventTime, now)));
    expect(open).toBeGreaterThan(40);
    const accounts = await database.db.select({ username: users.username, roles: users.roles }).from(users);
    expect(accounts.map((a) => a.username).sort()).toEqual(['admin', 'demo', 'tipster']);
  });

  it('puts every tip on a replayed fixture and copies its competition, teams and kick-off', async () => {
    const rows = await tipsWithFixtures();
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) {
      expect(r.fixtureId, `tip ${r.tip.id}`).toBe(r.tip.fixtureId);
      expect(r.source).toBe('replay');
      expect(r.tip.league).toBe(r.league);
      expect(r.tip.homeTeam).toBe(r.homeTeam);
      expect(r.tip.awayTeam).toBe(r.awayTeam);
      expect(r.tip.eventTime.getTime()).toBe(r.kickoffAt?.getTime());
      expect(r.tip.publishedAt.getTime(), `tip ${r.tip.id}`).toBeLessThan(r.tip.eventTime.getTime());
    }
    const open = rows.filter((r) => r.tip.result === null);
    for (const r of open) {
      expect(r.status).toBe('scheduled');
      expect(r.tip.eventTime.getTime()).toBeGreaterThan(now.getTime() + 3600_000);
      expect(r.tip.eventTime.getTime()).toBeLessThanOrEqual(now.getTime() + 3 * 86_400_000);
    }
  });

  it('invents no upcoming AI tip: the model worker publishes those (ai-picks.int.test.ts)', async () => {
    const [{ open }] = await database.db
      .select({ open: count() })
      .from(tips)
      .where(and(isNull(tips.result), isNotNull(tips.aiPlanId), gt(tips.eventTime, now)));
    expect(open).toBe(0);
  });

  it("records each AI history pick's edge at the price it was taken at, as its analysis states it", async () => {
    const picks = await database.db
      .select({ edge: aiPicks.modelEdge, reasoning: tips.reasoning })
      .from(aiPicks)
      .innerJoin(tips, eq(tips.id, aiPicks.tipId));
    expect(picks.length).toBeGreaterThan(0);
    for (const { edge, reasoning } of picks) {
      expect(edge).not.toBeNull();
      const percent = (edge as number) * 100;
      expect(reasoning).toContain(
        `a model edge of ${percent >= 0 ? '+' : ''}${percent.toFixed(1)} % at that price`,
      );
    }
  });

  it('settles every history tip from its fixture’s real score, after the result was due', async () => {
    const settled = (await tipsWithFixtures()).filter((r) => r.tip.result !== null);
    expect(settled.length).toBeGreaterThan(300);
    for (const r of settled) {
      expect(r.status).toBe('finished');
      const expected = gradeOutcome(r.tip.bettingType, r.tip.selection, {
        home: r.ftHome as number,
        away: r.ftAway as number,
        htHome: r.htHome,
        htAway: r.htAway,
      });
      expect(r.tip.outcome, `tip ${r.tip.id} ${r.tip.selection}`).toBe(expected);
      expect(r.tip.resultDetails).toContain(`FT ${r.ftHome}-${r.ftAway}`);
      // The replay shows a result only once the shifted kick-off plus 115 minutes has passed.
      expect(r.tip.eventTime.getTime() + 115 * 60_000).toBeLessThanOrEqual(now.getTime());
    }
    // Real results, not a chosen win rate: the outcomes are mixed.
    expect(new Set(settled.map((r) => r.tip.outcome)).size).toBeGreaterThanOrEqual(4);
  });

  // Decision 114: the demo's tipsters follow the publishing rule, history included (two tips of one
  // tipster on one match and market would have been open together).
  it('gives no tipster two tips on one match and market', async () => {
    const rows = await database.db
      .select({ tipsterId: tips.tipsterId, fixtureId: tips.fixtureId, bettingType: tips.bettingType })
      .from(tips);
    const keys = rows.map(
      (row) => `${row.tipsterId}:${row.fixtureId}:${bettingTypesOfMarket(row.bettingType)[0]}`,
    );
    expect(rows.length).toBeGreaterThan(50);
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  it('shows no replayed result before it is due', async () => {
    const [{ early }] = await database.db
      .select({ early: count() })
      .from(fixtures)
      .where(
        and(
          eq(fixtures.source, 'replay'),
          isNotNull(fixtures.ftHome),
          sql`${fixtures.kickoffAt} + interval '115 minutes' > ${now.toISOString()}::timestamptz`,
        ),
      );
    expect(early).toBe(0);
  });

  it('writes bios that claim nothing invented', async () => {
    const rows = await database.db.select().from(tipsters);
    const leagues = await database.db
      .select({ tipsterId: tips.tipsterId, league: tips.league })
      .from(tips)
      .groupBy(tips.tipsterId, tips.league);
    for (const row of rows) {
      expect(row.bio).not.toMatch(/win rate|trained|years|%/i);
      if (row.category.includes('AI')) continue;
      expect(row.bio).toMatch(/^Demo tipster\./);
      for (const { league } of leagues.filter((l) => l.tipsterId === row.id))
        expect(row.bio).toContain(league);
    }
  });

  it('builds the statistics from the settled history through the settlement path', async () => {
    const [{ settled }] = await database.db
      .select({ settled: count() })
      .from(tips)
      .where(gt(tips.settledAt, new Date(0)));
    const rows = await database.db.select().from(tipsterStats);
    const allTime = rows.filter((r) => r.period === 'all');
    expect(allTime.reduce((s, r) => s + r.totalTips, 0)).toBe(settled);
    for (const r of allTime) expect(r.wins + r.losses + r.voids).toBe(r.totalTips);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoIfEmpty(database, { now, log: () => {} })).toBe(false);
  });

  it('adds upcoming tips on fixtures when the demo runs out of them, once, and not otherwise', async () => {
    expect(await topUpDemoTips(database, now)).toBe(0);
    const later = new Date(now.getTime() + 10 * 86_400_000);
    expect(await topUpDemoTips(database, later)).toBeGreaterThan(40);
    expect(await topUpDemoTips(database, later)).toBe(0);
    const rows = (await tipsWithFixtures()).filter((r) => r.tip.eventTime > later);
    const pairs = rows.map((r) => `${r.tip.tipsterId}:${r.tip.fixtureId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const r of rows) {
      expect(r.tip.homeTeam).toBe(r.homeTeam);
      expect(r.tip.eventTime.getTime()).toBe(r.kickoffAt?.getTime());
    }
  });
});

describe('demo records', () => {
  it('closes every history tip at the house book’s last price before its kick-off, and shows the CLV', async () => {
    const history = await database.db.select().from(tips).where(isNotNull(tips.result));
    expect(history.length).toBeGreaterThan(0);
    for (const tip of history) {
      expect(tip.closingStatus, `tip ${tip.id}`).toBe('closed');
      expect(tip.closingPriceAt?.getTime()).toBe(tip.eventTime.getTime());
      // Recorded when the demo was seeded, so every chain stays in time order.
      expect(tip.closedAt?.getTime()).toBe(now.getTime());
    }
    // Prices move between publication and kick-off (a day's results refit the house model).
    expect(history.some((tip) => tip.clvPpm !== 0)).toBe(true);
    const service = createTipstersService({
      db: database.db,
      clock: { now: () => now },
      cache: createCatalogueCache({ ttlMs: 0 }),
    });
    const tipsterId = history[0].tipsterId;
    const profile = await service.profile(tipsterId, { userId: 999_999, isAdmin: false });
    const closedOfTipster = history.filter((tip) => tip.tipsterId === tipsterId).length;
    expect((profile as { clv: { sample: number } }).clv.sample).toBe(closedOfTipster);
  });

  it("every tipster's chain verifies, in time order, with an event for each publication, settlement and close", async () => {
    const records = createRecordsService({ db: database.db, clock: { now: () => now } });
    const all = await database.db.select({ id: tipsters.id }).from(tipsters);
    const [{ published, settled, closed }] = await database.db
      .select({ published: count(), settled: count(tips.result), closed: count(tips.closingStatus) })
      .from(tips);
    expect(closed).toBe(settled);
    let events = 0;
    for (const { id } of all) {
      const record = await records.exportRecord(id, ANONYMOUS);
      const result = await verifyRecord(record);
      expect(result, `tipster ${id}`).toMatchObject({ ok: true });
      const settledTimes = record.events
        .filter((e) => e.occurredAt <= now.toISOString())
        .map((e) => e.occurredAt);
      expect(settledTimes).toEqual([...settledTimes].sort());
      events += record.events.length;
    }
    expect(events).toBe(published + settled + closed);
  });
});
