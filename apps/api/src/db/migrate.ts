import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { apiPath } from '../config/api-root';
import type { Database } from './client';

export const MIGRATIONS_DIR = apiPath('src/db/migrations');

/** Any fixed number, the same in every process: the advisory lock key of the migrations. */
export const MIGRATIONS_LOCK_KEY = 724_201_001;

/**
 * Applies the committed SQL migrations; already-applied ones are skipped, so restarts are safe.
 * On PostgreSQL, N processes starting together take turns (an advisory lock): the first applies
 * what is pending, the others then find nothing to do, instead of racing on the same DDL.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // biome-ignore lint/suspicious/noExplicitAny: the two drivers' migrators want their own db types.
  const db = database.db as any;
  if (database.kind === 'pglite') await migratePglite(db, config);
  else if (database.withAdvisoryLock) {
    await database.withAdvisoryLock(MIGRATIONS_LOCK_KEY, () => migratePg(db, config));
  } else await migratePg(db, config);
}
