import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { MIGRATIONS_DIR, migrateDatabase, migrationStatus } from '../../src/db/migrate';
import { createTip, createTipster, createUser } from '../../src/db/seed/factories';
import { createFamily } from '../../src/features/accounts/refresh-tokens.repo';
import { checkLedgerInvariants } from '../../src/features/commerce/ledger/ledger-invariants.test-support';
import { signAccessToken } from '../../src/lib/tokens';
import { type ApiProcess, startApiProcess } from '../multi-process/api-process';
import { createPostgresCopy, databaseUrlFor, dropPostgresDatabase } from '../postgres-template';
import { createTestDatabase } from '../test-db';

// Issue #31.1 (decision 115): a slow migration must not take the site down, an edited or missed
// migration must not pass silently, and the app's role needs no DDL rights.

const pgUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Extra {
  tag: string;
  sql: string;
  /** Default: one second after the last entry. */
  when?: number;
}

/** The committed migrations plus test ones, in a temporary folder (never in the product's). */
function migrationsWith(extra: Extra[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tips-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  for (const m of extra) {
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({
      idx: last.idx + 1,
      version: '7',
      when: m.when ?? last.when + 1000,
      tag: m.tag,
      breakpoints: true,
    });
    writeFileSync(path.join(dir, `${m.tag}.sql`), m.sql);
  }
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return dir;
}

/** drizzle reports "Failed query: …" and keeps PostgreSQL's reason in `cause`. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('expected a failure');
}

describe('the migrator checks every journal entry', () => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('applies a pending migration once, then nothing; reports an applied file that changed', async () => {
    database = await createTestDatabase();
    const folder = migrationsWith([{ tag: '0900_probe', sql: 'create table migration_probe (x int);' }]);
    const log: string[] = [];
    expect(await migrateDatabase(database, { migrationsFolder: folder, log: (m) => log.push(m) })).toEqual([
      '0900_probe',
    ]);
    expect(await migrateDatabase(database, { migrationsFolder: folder })).toEqual([]);

    writeFileSync(path.join(folder, '0900_probe.sql'), 'create table migration_probe (x int, y int);');
    const afterEdit: string[] = [];
    expect(
      await migrateDatabase(database, { migrationsFolder: folder, log: (m) => afterEdit.push(m) }),
    ).toEqual([]);
    expect(afterEdit.join('\n')).toMatch(/migration 0900_probe was applied from a different file/);
    expect((await migrationStatus(database, folder)).changed.map((m) => m.tag)).toEqual(['0900_probe']);
  });

  it('applies a migration missed out of order (older than the latest applied), which drizzle skipped', async () => {
    database = await createTestDatabase();
    const later = migrationsWith([{ tag: '0902_later', sql: 'create table probe_later (x int);' }]);
    await migrateDatabase(database, { migrationsFolder: later });
    const laterWhen = (
      JSON.parse(readFileSync(path.join(later, 'meta/_journal.json'), 'utf8')) as {
        entries: Array<{ when: number }>;
      }
    ).entries.at(-1)?.when as number;
    // A branch merged afterwards whose migration is dated before 0902.
    const both = migrationsWith([
      { tag: '0901_earlier', sql: 'create table probe_earlier (x int);', when: laterWhen - 500 },
      { tag: '0902_later', sql: 'create table probe_later (x int);', when: laterWhen },
    ]);
    expect((await migrationStatus(database, both)).pending.map((m) => m.tag)).toEqual(['0901_earlier']);
    expect(await migrateDatabase(database, { migrationsFolder: both })).toEqual(['0901_earlier']);
    await database.db.execute(sql`select x from probe_earlier`);
  });

  it('runs a migration marked no-transaction outside one (create index concurrently)', async () => {
    database = await createTestDatabase();
    const folder = migrationsWith([
      {
        tag: '0903_concurrent_index',
        sql: '-- migrate:no-transaction\ncreate index concurrently if not exists tips_probe_idx on tips (id, tipster_id);',
      },
    ]);
    expect(await migrateDatabase(database, { migrationsFolder: folder })).toEqual(['0903_concurrent_index']);
    const { rows } = (await database.db.execute(
      sql`select indexname from pg_indexes where indexname = 'tips_probe_idx'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toHaveLength(1);
  });
});

describe.skipIf(!pgUrl)('migrating a live PostgreSQL database', () => {
  const url = pgUrl as string;
  const created: string[] = [];
  const processes: ApiProcess[] = [];
  const opened: Database[] = [];
  const roles: string[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await Promise.all(opened.map((d) => d.close()));
    for (const name of created) await dropPostgresDatabase(url, name);
    const admin = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') });
    await admin.connect();
    for (const role of roles) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  async function migratedCopy(): Promise<{ name: string; url: string }> {
    const name = await createPostgresCopy(url, inject('postgresTemplate'));
    created.push(name);
    return { name, url: databaseUrlFor(url, name) };
  }

  async function open(databaseUrl: string): Promise<Database> {
    // The pool a server uses: a 5 s statement timeout.
    const database = await openDatabase({ databaseUrl, dataDir: '', poolMax: 2, statementTimeoutMs: 5000 });
    opened.push(database);
    return database;
  }

  it('applies a 6 s migration while a server on the same database keeps serving', async () => {
    const db = await migratedCopy();
    const server = await startApiProcess({
      name: 'serving',
      env: { DATABASE_URL: db.url, MIGRATE_ON_START: 'false', DB_STATEMENT_TIMEOUT_MS: '5000' },
    });
    processes.push(server);
    const database = await open(db.url);
    // The pool's own timeout would cancel it: the test can fail.
    expect(await failureOf(database.db.execute(sql`select pg_sleep(6)`))).toMatch(/statement timeout/);

    const folder = migrationsWith([{ tag: '0910_slow', sql: 'select pg_sleep(6);' }]);
    let migrating = true;
    const started = Date.now();
    const migration = migrateDatabase(database, { migrationsFolder: folder }).finally(() => {
      migrating = false;
    });
    const statuses: number[] = [];
    while (migrating) {
      const res = await fetch(`${server.url}/api/tips?pageSize=5`, { signal: AbortSignal.timeout(3000) });
      statuses.push(res.status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await migration).toEqual(['0910_slow']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(6000);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await migrationStatus(database, folder)).pending).toEqual([]);
  }, 90_000);

  it('fails a migration that waits for a lock instead of queueing live traffic behind it', async () => {
    const db = await migratedCopy();
    const database = await open(db.url);
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('begin; lock table tipsters in access share mode');
      const folder = migrationsWith([
        { tag: '0920_alter', sql: 'alter table tipsters add column migration_probe int;' },
      ]);
      const started = Date.now();
      await expect(
        migrateDatabase(database, { migrationsFolder: folder, lockTimeoutMs: 300 }),
      ).rejects.toThrow(
        /migration 0920_alter failed and was rolled back: canceling statement due to lock timeout/,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      await holder.query('rollback');
      expect((await migrationStatus(database, folder)).pending.map((m) => m.tag)).toEqual(['0920_alter']);
    } finally {
      await holder.end();
    }
  });

  it('a server refuses to start on a schema with pending migrations when MIGRATE_ON_START=false', async () => {
    const name = `tips_empty_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const start = startApiProcess({
      name: 'unmigrated',
      env: { DATABASE_URL: databaseUrlFor(url, name), MIGRATE_ON_START: 'false' },
      readyTimeoutMs: 60_000,
    });
    await expect(start).rejects.toThrow(/migration\(s\) pending: run npm run db:migrate first/);
  }, 90_000);

  it('the app role with DML rights only (no DDL) starts, serves and sells', async () => {
    const db = await migratedCopy();
    const role = `tips_app_${db.name.slice(-8)}`;
    roles.push(role);
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    try {
      await owner.query(`drop role if exists ${role}`);
      await owner.query(`create role ${role} login password 'app-role-pass'`);
      await owner.query(`grant connect on database ${db.name} to ${role}`);
      await owner.query(`grant usage on schema public to ${role}`);
      await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
      // Read-only on the migrations table: the start-up check that nothing is pending.
      await owner.query(`grant usage on schema drizzle to ${role}`);
      await owner.query(`grant select on drizzle.__drizzle_migrations to ${role}`);
    } finally {
      await owner.end();
    }
    const appUrl = new URL(db.url);
    appUrl.username = role;
    appUrl.password = 'app-role-pass';
    const asApp = await open(appUrl.toString());
    // The role really has no DDL rights: the test would fail if the server needed them.
    expect(await failureOf(asApp.db.execute(sql`create table ddl_probe (x int)`))).toMatch(
      /permission denied/,
    );

    const secret = 'app-role-test-secret-0123456789abcdef0123';
    // Default MIGRATE_ON_START (true): nothing pending, so no DDL is attempted.
    const server = await startApiProcess({
      name: 'app-role',
      env: { DATABASE_URL: appUrl.toString(), JWT_SECRET: secret },
    });
    processes.push(server);
    const owned = await open(db.url);
    const buyer = await createUser(owned.db, { creditBalance: 5000 });
    const tipster = await createTipster(owned.db);
    const tip = await createTip(owned.db, { tipsterId: tipster.id, priceCents: 700 });
    const sessionId = await createFamily(owned.db, buyer.id, new Date());
    const token = await signAccessToken(
      { secret, ttlSeconds: 900 },
      { userId: buyer.id, roles: ['user'], sessionId },
      new Date(),
    );
    const res = await fetch(`${server.url}/api/tips/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ cart: [tip.id] }),
    });
    expect(res.status).toBe(200);
    expect(await checkLedgerInvariants(owned.db)).toEqual([]);
    await server.stop();
  }, 120_000);
});
