import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, wrapPglite } from '../../src/db/client';
import { prepareReadsOnPool } from '../../src/db/prepared-reads';
import * as schema from '../../src/db/schema';
import type { Exec, Query } from './seed-large';

/**
 * A database the benchmark seeds, the server under test opens, and the SQL timings query:
 * a scratch PostgreSQL database (created and dropped here), or a PGlite data directory.
 */
export interface BenchTarget {
  kind: 'postgres' | 'pglite';
  /** What the server process needs to open it. */
  serverEnv: Record<string, string>;
  /** An in-process handle. On PGlite only one process may have it open: close it before a server starts. */
  open(): Promise<BenchHandle>;
  dispose(): Promise<void>;
}

export interface BenchHandle {
  database: Database;
  exec: Exec;
  query: Query;
  raw(text: string, params: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export async function createPostgresTarget(serverUrl: string): Promise<BenchTarget> {
  const name = `tips_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const withAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await withAdmin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url.toString() },
    async open() {
      // No statement timeout: seeding a million rows takes longer than the server's 5 s.
      const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
      pool.on('error', () => {});
      // As the server opens it (db/client.ts): reads kept prepared, so the SQL timings match.
      prepareReadsOnPool(pool);
      const database: Database = {
        db: drizzle(pool, { schema }) as unknown as Db,
        kind: 'postgres',
        ping: async () => {
          await pool.query('select 1');
        },
        close: () => pool.end(),
      };
      return {
        database,
        exec: async (sql) => {
          await pool.query(sql);
        },
        query: async (sql) => (await pool.query(sql)).rows,
        // A config object, as drizzle sends it: the form prepareReadsOnPool names.
        raw: async (text, params) => (await pool.query({ text, values: params })).rows,
        close: () => pool.end(),
      };
    },
    dispose: () => withAdmin(`drop database if exists ${name} with (force)`),
  };
}

export function createPgliteTarget(dataDir: string): BenchTarget {
  mkdirSync(dataDir, { recursive: true });
  return {
    kind: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    async open() {
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      const database = wrapPglite(client);
      return {
        database,
        exec: async (sql) => {
          await client.exec(sql);
        },
        query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
        raw: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
        close: () => client.close(),
      };
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
