import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { apiPath } from '../config/api-root';
import type { Database, Db } from './client';

export const MIGRATIONS_DIR = apiPath('src/db/migrations');

/** Any fixed number, the same in every process: the advisory lock key of the migrations. */
export const MIGRATIONS_LOCK_KEY = 724_201_001;

/** drizzle-kit's table and hashing, so databases migrated by drizzle's own migrator carry on. */
const TABLE = sql`"drizzle"."__drizzle_migrations"`;
const BREAKPOINT = '--> statement-breakpoint';
/**
 * First line of a migration that must run outside a transaction (`create index concurrently`):
 * its statements run one by one, then its row is written. Keep such a migration to one statement.
 */
export const NO_TRANSACTION = '-- migrate:no-transaction';

export interface Migration {
  tag: string;
  /** The journal's `when`: drizzle's created_at, the migration's identity in the table. */
  createdAt: number;
  hash: string;
  statements: string[];
  transactional: boolean;
}

export interface MigrateOptions {
  /** Default: the committed migrations; tests point it at a temporary folder. */
  migrationsFolder?: string;
  /**
   * PostgreSQL: how long one migration statement may wait for a lock before it fails (ms). There is
   * no statement timeout while migrating (a long index build is expected); a lock wait is what
   * stalls live traffic queued behind it, so that is what is bounded (decision 115).
   */
  lockTimeoutMs?: number;
  log?: (message: string) => void;
}

export interface MigrationStatus {
  /** Journal entries with no row in the table, in journal order (an older one missed is included). */
  pending: Migration[];
  /** Applied migrations whose file no longer has the hash recorded when they ran. */
  changed: Migration[];
}

export function readMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map((entry) => {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    return {
      tag: entry.tag,
      createdAt: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split(BREAKPOINT).filter((statement) => statement.trim() !== ''),
      transactional: !text.trimStart().startsWith(NO_TRANSACTION),
    };
  });
}

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * What is applied, read without any DDL, so the app's role (DML rights only) can ask. A database
 * that has never been migrated has no table: everything is pending.
 */
async function readStatus(db: Db, migrations: Migration[]): Promise<MigrationStatus> {
  const [table] = await rowsOf<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!table?.t) return { pending: migrations, changed: [] };
  const applied = await rowsOf<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from ${TABLE}`,
  );
  const hashByCreatedAt = new Map(applied.map((row) => [Number(row.created_at), row.hash]));
  return {
    pending: migrations.filter((m) => !hashByCreatedAt.has(m.createdAt)),
    changed: migrations.filter((m) => {
      const hash = hashByCreatedAt.get(m.createdAt);
      return hash !== undefined && hash !== m.hash;
    }),
  };
}

export async function migrationStatus(
  database: Database,
  folder: string = MIGRATIONS_DIR,
): Promise<MigrationStatus> {
  return readStatus(database.db, readMigrations(folder));
}

/**
 * Applies the pending migrations, each in its own transaction with its row in drizzle's table;
 * already-applied ones are skipped, so restarts are safe. Unlike drizzle's migrator (which compares
 * only the latest created_at and always runs CREATE SCHEMA), every journal entry is checked: a
 * migration missed out of order is applied, an applied one whose file changed is reported, and
 * with nothing pending no DDL runs at all.
 *
 * On PostgreSQL it runs on a connection of its own, without the pool's statement timeout and under
 * an advisory lock: N processes (or a release step and a starting process) take turns.
 */
export async function migrateDatabase(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = readMigrations(options.migrationsFolder ?? MIGRATIONS_DIR);
  const run = (db: Db) => applyPending(db, migrations, options.log ?? (() => undefined));
  if (database.migrationSession) {
    return database.migrationSession(
      MIGRATIONS_LOCK_KEY,
      { lockTimeoutMs: options.lockTimeoutMs ?? 10_000 },
      run,
    );
  }
  return run(database.db);
}

async function applyPending(
  db: Db,
  migrations: Migration[],
  log: (message: string) => void,
): Promise<string[]> {
  const status = await readStatus(db, migrations);
  for (const m of status.changed) {
    log(
      `migration ${m.tag} was applied from a different file (its hash changed since): the database keeps what was applied; write a new migration instead of editing one`,
    );
  }
  if (status.pending.length === 0) return [];
  await db.execute(sql`create schema if not exists "drizzle"`);
  await db.execute(
    sql`create table if not exists ${TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const m of status.pending) {
    const record = sql`insert into ${TABLE} (hash, created_at) values (${m.hash}, ${m.createdAt})`;
    try {
      if (m.transactional) {
        await db.transaction(async (tx) => {
          for (const statement of m.statements) await tx.execute(sql.raw(statement));
          await tx.execute(record);
        });
      } else {
        for (const statement of m.statements) await db.execute(sql.raw(statement));
        await db.execute(record);
      }
    } catch (error) {
      // drizzle's "Failed query: <the whole SQL>" hides PostgreSQL's reason in `cause`.
      const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      throw new Error(`migration ${m.tag} failed and was rolled back: ${reason}`, { cause: error });
    }
    log(`migration ${m.tag} applied`);
  }
  return status.pending.map((m) => m.tag);
}
