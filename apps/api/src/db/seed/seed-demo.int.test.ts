import { and, count, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../client';
import { tips, tipsterStats, tipsters, users } from '../schema';
import { seedDemo, seedDemoIfEmpty, topUpDemoTips } from './seed-demo';

let database: Database;
const now = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database, { now, log: () => {}, historyPerTipster: 6 });
});
afterAll(() => database.close());

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

  it('adds upcoming tips when the demo runs out of them, and not otherwise', async () => {
    expect(await topUpDemoTips(database, now)).toBe(0);
    const later = new Date(now.getTime() + 10 * 86_400_000);
    expect(await topUpDemoTips(database, later)).toBeGreaterThan(40);
    expect(await topUpDemoTips(database, later)).toBe(0);
  });
});
