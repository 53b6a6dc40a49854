import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyRecord } from '@tips/contract/record-verify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, pgliteDirOf } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { DatabaseInUseError, lockFileOf } from '../../src/db/pglite-lock';
import { createTip, createTipster, createUser } from '../../src/db/seed/factories';
import { checkLedgerInvariants } from '../../src/features/commerce/ledger/ledger-invariants.test-support';
import { readChain } from '../../src/features/records/record-chain.repo';
import { exportOf, tipsterWithHistory } from '../../src/features/records/records.test-support';
import { REPO_ROOT } from '../multi-process/api-process';
import { createPostgresCopy, databaseUrlFor, dropPostgresDatabase } from '../postgres-template';
import { signTestAccessToken } from '../session-token.test-support';
import { createTestApp } from '../test-app';

// Issue #31.3 (decision 117): `npm run db:backup` then `npm run db:restore` into a fresh target
// gives back the same money and the same records, on the embedded database and on PostgreSQL.

const pgUrl = process.env.TEST_DATABASE_URL;
const kind = pgUrl ? 'postgres' : 'pglite';
const temp: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await dropPostgresDatabase(pgUrl as string, name);
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tips-backup-'));
  temp.push(dir);
  return dir;
}

/** The real command, as `npm run db:backup` / `db:restore` run it. */
function cli(script: 'backup-cli' | 'restore-cli', arg: string, env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, `apps/api/src/db/backup/${script}.ts`), arg],
    { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
  );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

async function emptyPostgresDatabase(): Promise<string> {
  const name = `tips_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: databaseUrlFor(pgUrl as string, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  return name;
}

/** Everything that must survive: balances, the ledger, entitlements and every record chain. */
async function snapshot(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const tipsterIds = (await rows(sql`select id from tipsters order by id`)) as Array<{ id: number }>;
  return {
    balances: await rows(sql`select id, credit_balance::text as balance from users order by id`),
    ledger: await rows(
      sql`select id, user_id, amount_cents::text as amount, reason from ledger_entries order by id`,
    ),
    entitlements: await rows(sql`select user_id, tip_id from entitlements order by user_id, tip_id`),
    settled: await rows(
      sql`select id, result, outcome, settled_at from tips where result is not null order by id`,
    ),
    chains: await Promise.all(tipsterIds.map(({ id }) => readChain(database.db, id))),
  };
}

describe(`backup and restore (${kind})`, () => {
  it('restores purchases, settled tips and record chains into a fresh target, identical', async () => {
    const sourceData = tempDir();
    let databaseUrl = '';
    let source: Database;
    if (pgUrl) {
      const name = await createPostgresCopy(pgUrl, inject('postgresTemplate'));
      databases.push(name);
      databaseUrl = databaseUrlFor(pgUrl, name);
      source = await openDatabase({ databaseUrl, dataDir: sourceData });
    } else {
      source = await openDatabase({ dataDir: sourceData });
      await migrateDatabase(source);
    }
    const test = await createTestApp({ database: source, env: { DATA_DIR: sourceData } });
    const buyer = await createUser(source.db, { creditBalance: 5000 });
    const seller = await createTipster(source.db);
    const tips = await Promise.all(
      [0, 1, 2].map((i) => createTip(source.db, { tipsterId: seller.id, priceCents: 700 + i * 100 })),
    );
    const token = await signTestAccessToken(test, buyer);
    for (const tip of tips.slice(0, 2)) {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/tips/buy',
        headers: { authorization: `Bearer ${token}` },
        payload: { cart: [tip.id] },
      });
      expect(res.statusCode).toBe(200);
    }
    const { tipster: recordHolder } = await tipsterWithHistory(test);
    mkdirSync(path.join(sourceData, 'profile-images'), { recursive: true });
    writeFileSync(path.join(sourceData, 'profile-images', 'tipster-1.webp'), Buffer.from([1, 2, 3, 4]));
    const before = await snapshot(source);
    expect(before.entitlements).toHaveLength(2);
    expect(before.ledger.length).toBeGreaterThanOrEqual(2);
    expect(before.settled.length).toBeGreaterThanOrEqual(5);
    expect(await checkLedgerInvariants(source.db)).toEqual([]);
    const jwtSecret = readFileSync(path.join(sourceData, 'jwt-secret'), 'utf8');
    await test.close();
    // PostgreSQL is backed up while it serves; the embedded database only once nothing holds it.
    if (!pgUrl) await source.close();

    const backupDir = path.join(tempDir(), 'backup');
    const backup = cli('backup-cli', backupDir, { DATA_DIR: sourceData, DATABASE_URL: databaseUrl });
    expect(backup.out).toMatch(new RegExp(`backup written to .* \\(${kind}, \\d+ files`));
    expect(backup.status).toBe(0);
    if (pgUrl) await source.close();

    const targetData = tempDir();
    const targetUrl = pgUrl ? databaseUrlFor(pgUrl, await emptyPostgresDatabase()) : '';
    const restore = cli('restore-cli', backupDir, { DATA_DIR: targetData, DATABASE_URL: targetUrl });
    expect(restore.out).toContain(`restored the ${kind} backup`);
    expect(restore.status).toBe(0);
    // A second restore into the same target is refused: two ledgers are never blended.
    const again = cli('restore-cli', backupDir, { DATA_DIR: targetData, DATABASE_URL: targetUrl });
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/restore failed: .*(already|has tables)/);

    const restored = await openDatabase({ databaseUrl: targetUrl || undefined, dataDir: targetData });
    try {
      expect(await snapshot(restored)).toEqual(before);
      expect(await checkLedgerInvariants(restored.db)).toEqual([]);
      expect(readFileSync(path.join(targetData, 'jwt-secret'), 'utf8')).toBe(jwtSecret);
      expect([...readFileSync(path.join(targetData, 'profile-images', 'tipster-1.webp'))]).toEqual([
        1, 2, 3, 4,
      ]);
      // The restored record verifies end to end, as a visitor's download would.
      const after = await createTestApp({ database: restored, env: { DATA_DIR: targetData } });
      try {
        const record = await exportOf(after, recordHolder.id);
        expect((await verifyRecord(record)).ok).toBe(true);
      } finally {
        await after.close();
      }
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses a damaged backup before writing anything', async () => {
    const data = tempDir();
    const backupDir = path.join(tempDir(), 'backup');
    mkdirSync(path.join(backupDir, 'data'), { recursive: true });
    writeFileSync(path.join(backupDir, 'data', 'jwt-secret'), 'tampered');
    writeFileSync(
      path.join(backupDir, 'manifest.json'),
      JSON.stringify({
        format: 1,
        createdAt: new Date().toISOString(),
        database: kind,
        files: [{ path: 'data/jwt-secret', sha256: '0'.repeat(64), bytes: 8 }],
      }),
    );
    const restore = cli('restore-cli', backupDir, { DATA_DIR: data, DATABASE_URL: '' });
    expect(restore.status).toBe(1);
    expect(restore.out).toContain('data/jwt-secret does not match its hash: the backup is damaged');
    expect(existsSync(pgliteDirOf(data))).toBe(false);
  });
});

describe('the embedded database directory is locked', () => {
  it('a second opener is refused while the first has it open, and may open it after', async () => {
    const data = tempDir();
    const first = await openDatabase({ dataDir: data });
    try {
      await expect(openDatabase({ dataDir: data })).rejects.toThrow(DatabaseInUseError);
      await expect(openDatabase({ dataDir: data })).rejects.toThrow(
        `the embedded database in ${pgliteDirOf(data)} is in use by process ${process.pid}`,
      );
      // The migrate command in another process, as `npm run db:migrate` beside a running server.
      const migrate = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/db/migrate-cli.ts')],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', DATA_DIR: data } },
      );
      expect(migrate.status).toBe(1);
      expect(migrate.stderr.trim()).toBe(
        `migration failed: the embedded database in ${pgliteDirOf(data)} is in use by process ${process.pid} on ${os.hostname()}: stop that process first (a second one would corrupt it). If it is gone, delete ${lockFileOf(pgliteDirOf(data))}`,
      );
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir: data });
    await second.close();
  });

  it('takes over a lock left by a process that died', async () => {
    const data = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout.trim());
    mkdirSync(data, { recursive: true });
    writeFileSync(lockFileOf(pgliteDirOf(data)), JSON.stringify({ pid: deadPid, host: os.hostname() }));
    const database = await openDatabase({ dataDir: data });
    await database.close();
    expect(existsSync(lockFileOf(pgliteDirOf(data)))).toBe(false);
  });
});
