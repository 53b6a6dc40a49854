import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-db';
import { ensureBootstrapAdmin } from '../../features/accounts/bootstrap-admin';
import type { Database } from '../client';
import { tipsters, users } from '../schema';
import { seedTestFootball } from './demo-football.test-support';
import { DEMO_ACCOUNTS, isDemoSeeded, seedDemo } from './seed-demo';

// Issue #19.1: a first start with ADMIN_EMAIL=admin@… and the demo seed must not crash for good.
let database: Database;
let api: TestApp;
const now = new Date('2026-11-24T12:00:00Z');
const owner = { email: 'admin@owner.example', password: 'owner-password-2026' };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedTestFootball(database, now);
  api = await createTestApp({ database });
}, 120_000);
afterAll(async () => {
  await api.close();
  await database.close();
});

async function login(username: string, password: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { Username: username, Password: password },
  });
}

describe('first start: bootstrap admin and demo seed', () => {
  it('the bootstrap admin takes "admin", the seed fails half-way and leaves nothing, the next start seeds fully', async () => {
    expect(await ensureBootstrapAdmin(database, { admin: owner }, () => {})).toBe('created');

    // A crash at the very end of the seed (here: its last log line) rolls everything back.
    await expect(
      seedDemo(database, {
        now,
        historyPerTipster: 2,
        log: () => {
          throw new Error('killed at the end of the seed');
        },
      }),
    ).rejects.toThrow('killed at the end of the seed');
    const [{ n }] = await database.db.select({ n: count() }).from(tipsters);
    expect(n).toBe(0);
    expect(await isDemoSeeded(database)).toBe(false);

    // The next start seeds again, around the admin's username.
    await seedDemo(database, { now, historyPerTipster: 2, log: () => {} });
    expect(await isDemoSeeded(database)).toBe(true);
    const demoRows = await database.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(sql`${users.email} like '%@tipsmarket.local'`);
    expect(demoRows).toHaveLength(3);
    const names = await database.db.select({ u: sql<string>`lower(${users.username})` }).from(users);
    expect(new Set(names.map((r) => r.u)).size).toBe(names.length);

    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await login(account.email, account.password);
      expect(res.statusCode, account.email).toBe(200);
    }
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login('admin', owner.password)).statusCode).toBe(200);
  }, 120_000);

  it('ADMIN_EMAIL naming the demo admin keeps that account, and the seed still completes', async () => {
    const other = await createTestDatabase();
    try {
      await seedTestFootball(other, now);
      const same = { email: DEMO_ACCOUNTS.admin.email, password: 'chosen-by-the-owner-1' };
      expect(await ensureBootstrapAdmin(other, { admin: same }, () => {})).toBe('created');
      await seedDemo(other, { now, historyPerTipster: 2, log: () => {} });
      const rows = await other.db
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(sql`lower(${users.email}) = ${same.email}`);
      expect(rows).toHaveLength(1);
      expect(rows[0].roles).toContain('admin');
    } finally {
      await other.close();
    }
  }, 120_000);
});
