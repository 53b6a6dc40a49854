import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/backoffice.test-support';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { ensureBootstrapAdmin } from './bootstrap-admin';

let database: Database;
const logs: string[] = [];
const log = (message: string) => logs.push(message);
const configFor = (email: string, password = 'first-admin-password') => ({ admin: { email, password } });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

async function userByEmail(email: string) {
  const [row] = await database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

describe('ensureBootstrapAdmin', () => {
  it('does nothing without ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    expect(await ensureBootstrapAdmin(database, { admin: undefined }, log)).toBe('disabled');
  });

  it('creates the admin once; a restart neither resets the password nor creates another', async () => {
    const email = 'Owner@Example.test';
    expect(await ensureBootstrapAdmin(database, configFor(email), log)).toBe('created');
    const created = await userByEmail(email);
    expect(created).toMatchObject({
      email,
      username: 'Owner',
      roles: ['user', 'admin'],
      emailVerified: true,
    });
    expect(await verify(created.passwordHash, 'first-admin-password')).toBe(true);
    expect(logs.at(-1)).toContain('created an admin account');
    expect(logs.join('\n')).not.toContain('first-admin-password');

    expect(await ensureBootstrapAdmin(database, configFor(email, 'another-password-123'), log)).toBe(
      'done-before',
    );
    const again = await userByEmail(email);
    expect(again.passwordHash).toBe(created.passwordHash);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'owner@example.test'`);
    expect(n).toBe(1);
    const audit = await auditRows(database.db, 'user.bootstrap_admin', 'owner@example.test');
    expect(audit).toHaveLength(1);
    expect(audit[0].actorUserId).toBeNull();
  });

  it('promotes an existing account, once: a later demotion is not undone by a restart', async () => {
    const existing = await createUser(database.db, { email: 'ops@example.test', username: 'ops' });
    expect(await ensureBootstrapAdmin(database, configFor('OPS@example.test'), log)).toBe('promoted');
    const promoted = await userByEmail('ops@example.test');
    expect(promoted.roles).toEqual(['user', 'admin']);
    expect(promoted.passwordHash).toBe(existing.passwordHash);

    await database.db
      .update(users)
      .set({ roles: ['user'] })
      .where(eq(users.id, existing.id));
    expect(await ensureBootstrapAdmin(database, configFor('ops@example.test'), log)).toBe('done-before');
    expect((await userByEmail('ops@example.test')).roles).toEqual(['user']);
  });

  it('picks a free username when the local part is taken or too short', async () => {
    await createUser(database.db, { username: 'boss' });
    await ensureBootstrapAdmin(database, configFor('boss@example.test'), log);
    expect((await userByEmail('boss@example.test')).username).toBe('boss2');
    await ensureBootstrapAdmin(database, configFor('x+y@example.test'), log);
    expect((await userByEmail('x+y@example.test')).username).toBe('admin');
  });

  it('creates one account when several processes start at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => ensureBootstrapAdmin(database, configFor('race@example.test'), log)),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'done-before')).toHaveLength(3);
  });
});
