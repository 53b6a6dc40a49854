import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects a pg pool; unset selects embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** How long a query waits for a free pooled connection before failing. */
  connectTimeoutMs?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  const dir = path.resolve(opts.dataDir, 'pglite');
  // PGlite needs the parent folder to exist.
  mkdirSync(path.dirname(dir), { recursive: true });
  return wrapPglite(await PGlite.create(dir));
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string, opts: OpenDatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    statement_timeout: opts.statementTimeoutMs ?? 5000,
    idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? 10000,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
