import { AiModelFiguresSchema } from '@tips/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerPrices, TEST_BOOKMAKER } from '../../../test/market-prices.test-support';
import { createTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { aiPicks, fixtures, modelVersions, tips } from '../../db/schema';
import { seedTestFootball } from '../../db/seed/demo-football.test-support';
import { seedDemo } from '../../db/seed/seed-demo';
import { createMarketPriceReader } from '../market-prices/market-price-reader';
import { createModelTipPublisher } from '../tips/model-tip-publisher';
import { findAiTipsters, RESULT_DUE_MINUTES } from './ai-model.repo';
import { chooseDailyPicks, createAiPicksService, fitAllCountries, rankDailyPicks } from './ai-picks.service';
import { storedBacktest } from './stored-backtest';
import { TIER_CATEGORIES, type TierName } from './tiers';

let database: Database;
// A Tuesday with Champions League fixtures later in the day (the replay of 2024-25, 104 weeks on).
const now = new Date('2026-11-24T10:00:00Z');
const clock = { now: () => now };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedTestFootball(database, now);
  await seedDemo(database, { now, log: () => {}, historyPerTipster: 2 });
}, 180_000);
afterAll(() => database.close());

function service(delivered: number[] = [], at: { now: () => Date } = clock) {
  const prices = createMarketPriceReader({ db: database.db, source: 'house-book', maxAgeMs: 2 * 3600_000 });
  return createAiPicksService({
    db: database.db,
    clock: at,
    marketPrice: prices.bestCurrentPrice,
    publish: createModelTipPublisher({
      db: database.db,
      clock: at,
      onCatalogueChanged: async () => {},
      deliverAiTip: async (_tx, tip) => {
        delivered.push(tip.id);
      },
      alertFollowers: async () => {},
      marketPrices: prices,
    }),
  });
}

describe('the AI tiers', () => {
  it('the demo’s AI history is the model’s own picks, each from a fit whose data ended before it was published', async () => {
    const rows = await database.db
      .select({
        tipster: aiPicks.tipsterId,
        publishedAt: tips.publishedAt,
        eventTime: tips.eventTime,
        cutoff: modelVersions.dataCutoff,
        result: tips.result,
      })
      .from(aiPicks)
      .innerJoin(tips, eq(tips.id, aiPicks.tipId))
      .innerJoin(modelVersions, eq(modelVersions.id, aiPicks.modelVersionId));
    expect(new Set(rows.map((r) => r.tipster)).size).toBe(3);
    for (const r of rows) {
      expect(r.cutoff.getTime()).toBeLessThanOrEqual(r.publishedAt.getTime());
      expect(r.publishedAt.getTime()).toBeLessThan(r.eventTime.getTime());
      expect(r.result).not.toBeNull();
    }
  });

  it('publishes each tier’s pick of the day once, as a plan tip at the market’s best price with stake 1, delivered to subscribers', async () => {
    const delivered: number[] = [];
    await service().fitNow();
    // Nobody prices the picks yet: nothing is published, and the tiers' day stays open.
    expect(await service().publishDuePicks()).toBe(0);
    // The market offers each pick at 95 % of the model's fair odds (decision 150).
    const picks = await chooseDailyPicks(database.db, now, await findAiTipsters(database.db));
    expect(picks).toHaveLength(3);
    const offered = new Map(
      picks.map((p) => [
        `${p.fixtureId}|${p.pick.selection}`,
        Math.max(1.02, Math.floor(p.pick.fairOdds * 95) / 100),
      ]),
    );
    await offerPrices(
      database.db,
      now,
      picks.map((p) => ({
        fixtureId: p.fixtureId,
        bettingType: p.pick.bettingType,
        selection: p.pick.selection,
        odds: offered.get(`${p.fixtureId}|${p.pick.selection}`) as number,
      })),
    );
    const published = await service(delivered).publishDuePicks();
    expect(published).toBe(3);
    expect(delivered).toHaveLength(3);
    // A second run (a restart, another process) adds nothing.
    expect(await service().publishDuePicks()).toBe(0);
    const open = await database.db
      .select({ tip: tips, hit: aiPicks.hitProbability, storedEdge: aiPicks.modelEdge })
      .from(aiPicks)
      .innerJoin(tips, eq(tips.id, aiPicks.tipId))
      .where(eq(aiPicks.day, '2026-11-24'));
    expect(open).toHaveLength(3);
    for (const { tip, hit, storedEdge } of open) {
      expect(tip.publishedAt.toISOString()).toBe(now.toISOString());
      expect(tip.eventTime.getTime()).toBeGreaterThan(now.getTime() + 3600_000 - 1);
      expect(tip.stake).toBe(1);
      expect(tip.aiPlanId).not.toBeNull();
      expect(tip.oddsHundredths).toBeGreaterThan(101);
      // At the market's price, kept as the tip's reference; the analysis states the model's edge there.
      const odds = offered.get(`${tip.fixtureId}|${tip.selection}`) as number;
      expect(tip.oddsHundredths).toBe(Math.round(odds * 100));
      expect([tip.referenceOddsHundredths, tip.referenceBookmaker]).toEqual([
        Math.round(odds * 100),
        TEST_BOOKMAKER,
      ]);
      // The edge is the model's expected profit per unit at that price, recorded with the pick;
      // where the bet cannot push or half-win (1X2, a half line, a score) it is hit probability × odds − 1.
      expect(storedEdge).not.toBeNull();
      const edge = (storedEdge as number) * 100;
      const winOrLose =
        tip.bettingType !== 113 && /^(Home|Draw|Away|Odd|Even)$|\.5$|^\d+-\d+$/.test(tip.selection);
      if (winOrLose) expect(edge).toBeCloseTo((hit * odds - 1) * 100, 6);
      expect(tip.reasoning).toContain(
        `a model edge of ${edge >= 0 ? '+' : ''}${edge.toFixed(1)} % at that price`,
      );
    }
  });

  it('publishes the best pick the market prices when it does not quote the model’s favourite line', async () => {
    // The next day: the first day's picks are published, their prices two hours stale.
    const nextDay = new Date(now.getTime() + 24 * 3600_000);
    const ranked = await rankDailyPicks(database.db, nextDay, await findAiTipsters(database.db));
    const tier = ranked.find((picks) => picks.length >= 2);
    expect(tier, 'a tier with two candidate matches on the next day').toBeDefined();
    const [favourite, runnerUp] = tier as (typeof ranked)[number];
    expect(favourite.pick.fairOdds).toBeGreaterThanOrEqual(runnerUp.pick.fairOdds);
    // The market quotes the runner-up's line only (a house book offers lines near the balance).
    await offerPrices(database.db, nextDay, [
      {
        fixtureId: runnerUp.fixtureId,
        bettingType: runnerUp.pick.bettingType,
        selection: runnerUp.pick.selection,
        odds: Math.max(1.02, Math.floor(runnerUp.pick.fairOdds * 95) / 100),
      },
    ]);
    expect(await service([], { now: () => nextDay }).publishDuePicks()).toBe(1);
    const [published] = await database.db
      .select({ fixtureId: tips.fixtureId, selection: tips.selection })
      .from(aiPicks)
      .innerJoin(tips, eq(tips.id, aiPicks.tipId))
      .where(and(eq(aiPicks.day, '2026-11-25'), eq(aiPicks.tipsterId, favourite.tipster.id)));
    expect(published).toEqual({ fixtureId: runnerUp.fixtureId, selection: runnerUp.pick.selection });
  });

  it('never depends on a result that was not known at publication: changing later results changes nothing', async () => {
    const at = new Date('2026-11-20T00:00:00Z');
    const tipsters = await findAiTipsters(database.db);
    const fit = async () => {
      // A fresh fit each time (a stored version is reused per cut-off; the history's are on other days).
      await database.db.delete(modelVersions).where(eq(modelVersions.dataCutoff, at));
      const versions = await fitAllCountries(database.db, at, new Date());
      return { versions, picks: await chooseDailyPicks(database.db, at, tipsters, 'finished') };
    };
    const before = await fit();
    expect(before.picks.length).toBeGreaterThan(0);
    // Every result that was not due at `at` is rewritten to 7-0 for the away side.
    const later = sql`${fixtures.kickoffAt} + make_interval(mins => ${RESULT_DUE_MINUTES}) > ${at.toISOString()}::timestamptz`;
    const changed = await database.db
      .update(fixtures)
      .set({ ftHome: 0, ftAway: 7, htHome: 0, htAway: 4 })
      .where(and(later, eq(fixtures.status, 'finished')))
      .returning({ id: fixtures.id });
    expect(changed.length).toBeGreaterThan(0);
    await database.db
      .delete(modelVersions)
      .where(gt(modelVersions.dataCutoff, new Date(0)))
      .catch(() => undefined);
    const after = await fit();
    const strip = (r: typeof before) => r.picks.map((p) => ({ ...p, version: p.version.parameters }));
    expect(strip(after)).toEqual(strip(before));
    // The test would notice a leak: the same rewrite of earlier results moves the picks' figures.
    const earlier = sql`${fixtures.kickoffAt} + make_interval(mins => ${RESULT_DUE_MINUTES}) <= ${at.toISOString()}::timestamptz`;
    await database.db
      .update(fixtures)
      .set({ ftHome: 0, ftAway: 7 })
      .where(
        and(
          earlier,
          eq(fixtures.status, 'finished'),
          gt(fixtures.kickoffAt, new Date(at.getTime() - 30 * 86_400_000)),
        ),
      );
    const leaked = await fit();
    expect(strip(leaked)).not.toEqual(strip(before));
  });

  it('GET /api/ai-model serves the recorded backtest and each tier’s measured live record', async () => {
    const t = await createTestApp({ database });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ai-model' });
      expect(response.statusCode).toBe(200);
      const body = AiModelFiguresSchema.parse(response.json());
      const stored = storedBacktest();
      expect(body.backtest).toMatchObject({ n: stored.n, accuracy: stored.accuracy, rps: stored.rps });
      expect(body.backtest.seasons).toEqual(['2022-23', '2023-24', '2024-25']);
      expect(body.tiers.map((x) => [x.category, x.advertisedRate])).toEqual([
        ['Low AI Model', 53],
        ['Medium AI Model', 75],
        ['High AI Model', 93],
      ]);
      // The live figures are the settled picks in the database, counted here independently.
      const settled = await database.db
        .select({ tipster: aiPicks.tipsterId, result: tips.result })
        .from(aiPicks)
        .innerJoin(tips, eq(tips.id, aiPicks.tipId));
      for (const tier of body.tiers) {
        const mine = settled.filter((r) => r.tipster === tier.tipsterId);
        const wins = mine.filter((r) => r.result === 'WIN').length;
        const losses = mine.filter((r) => r.result === 'LOSS').length;
        expect(tier.live).toMatchObject({ decided: wins + losses, wins });
        const name = (Object.keys(TIER_CATEGORIES) as TierName[]).find(
          (k) => TIER_CATEGORIES[k] === tier.category,
        );
        const recorded = stored.tiers[name as TierName];
        expect(tier.backtest).toMatchObject({
          decided: recorded.hits + recorded.misses,
          hits: recorded.hits,
        });
      }
      expect(body.latestFit?.countries).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
