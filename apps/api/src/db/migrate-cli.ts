import { loadConfig, loadDotEnvFile } from '../config/env';
import { type Database, openDatabase } from './client';
import { migrateDatabase } from './migrate';

/**
 * `npm run db:migrate`: the release step. Applies pending migrations to the configured database and
 * exits, on a connection of its own with no statement timeout (DB_STATEMENT_TIMEOUT_MS is for
 * requests) and DB_MIGRATION_LOCK_TIMEOUT_MS as its lock timeout (decision 115). Run it as the role
 * that owns the schema; the servers can then run as a role with DML rights only.
 */
loadDotEnvFile();
const config = loadConfig();
let database: Database | undefined;
try {
  // The embedded database: refused (one line) while a server has it open.
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  const applied = await migrateDatabase(database, {
    lockTimeoutMs: config.dbMigrationLockTimeoutMs,
    log: (message) => console.log(message),
  });
  console.log(
    applied.length > 0
      ? `${applied.length} migration(s) applied (${database.kind})`
      : `no migration pending (${database.kind})`,
  );
} catch (error) {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
