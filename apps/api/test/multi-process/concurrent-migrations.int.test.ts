import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../../src/db/migrate';
import { databaseUrlFor, dropPostgresDatabase } from '../postgres-template';

// N processes of a new release start together on a database with pending migrations: they take
// turns (advisory lock) instead of racing on the same DDL, and every migration is applied once.

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('migrations started by several processes at once (PostgreSQL)', () => {
  const name = `tips_mig_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await dropPostgresDatabase(pgUrl as string, name);
  });

  it('applies each pending migration exactly once', async () => {
    const admin = new pg.Client({ connectionString: databaseUrlFor(pgUrl as string, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    const url = databaseUrlFor(pgUrl as string, name);
    for (let i = 0; i < 4; i++)
      opened.push(await openDatabase({ databaseUrl: url, dataDir: '', poolMax: 2 }));
    await Promise.all(opened.map((database) => migrateDatabase(database)));

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0].n).toBe(journal.entries.length);
  });
});
