import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockPgliteDir } from './pglite-lock';
import { takeTurnsOnPglite } from './pglite-turns';
import { prepareReadsOnPglite, prepareReadsOnPool } from './prepared-reads';
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
  /**
   * Runs `fn` on a PostgreSQL connection of its own (outside the pool) while holding a session
   * advisory lock, so that of N processes migrating at once one goes at a time. The connection has
   * no statement timeout (a migration may take minutes) but a lock timeout (decision 115). Absent on
   * PGlite, which only one process can open.
   */
  migrationSession?<T>(key: number, opts: { lockTimeoutMs: number }, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * How long the oldest call waiting for the in-process database has waited, in ms (PGlite: the
   * load shedder's signal, decision 104); absent on PostgreSQL, where the pool queues.
   */
  oldestWaitMs?(): number;
  /** The pg pool's connections (metrics); absent on PGlite, which has one in-process connection. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
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
  /** Reads outside transactions run as prepared statements (default true; db/prepared-reads.ts). */
  preparedStatements?: boolean;
}

/** Where the embedded database of a DATA_DIR lives. */
export function pgliteDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  const dir = pgliteDirOf(opts.dataDir);
  // PGlite needs the parent folder to exist.
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockPgliteDir(dir);
  try {
    const database = wrapPglite(await PGlite.create(dir), opts);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Wraps each top-level PGlite statement when set (tracing, infra/tracing): called per statement
 * with its text and the call to make. On PostgreSQL the tracer wraps the pg driver instead.
 */
export type StatementObserver = <T>(statement: string, run: () => Promise<T>) => Promise<T>;
let pgliteObserver: StatementObserver | null = null;
export function observePgliteStatements(observer: StatementObserver | null): void {
  pgliteObserver = observer;
}

function observed<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
  return (...args: A): Promise<R> =>
    pgliteObserver ? pgliteObserver(String(args[0] ?? ''), () => call(...args)) : call(...args);
}

export function wrapPglite(
  client: PGlite,
  opts: Pick<OpenDatabaseOptions, 'preparedStatements'> = {},
): Database {
  if (opts.preparedStatements ?? true) prepareReadsOnPglite(client);
  client.query = observed(client.query.bind(client)) as typeof client.query;
  client.exec = observed(client.exec.bind(client)) as typeof client.exec;
  // After prepareReadsOnPglite: its query() takes turns too (decision 104).
  const turns = takeTurnsOnPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    oldestWaitMs: turns.oldestWaitMs,
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
  if (opts.preparedStatements ?? true) prepareReadsOnPool(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: opts.poolMax ?? 10,
    }),
    migrationSession: async (key, { lockTimeoutMs }, fn) => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      });
      await client.connect();
      try {
        // Waiting here for another process's migration is expected, so the lock timeout is set after.
        await client.query('select pg_advisory_lock($1)', [key]);
        await client.query(`set statement_timeout = 0; set lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
        return await fn(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        // Ending the session releases the lock even if the unlock fails.
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
  };
}
