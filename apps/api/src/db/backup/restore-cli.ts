import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, loadDotEnvFile } from '../../config/env';
import { openDatabase } from '../client';
import { DatabaseInUseError } from '../pglite-lock';
import { BackupError, restoreBackup } from './backup';

/**
 * `npm run db:restore -- <backup folder>`: into the configured, empty target (a fresh DATA_DIR;
 * on PostgreSQL a new database with no tables). docs/deployment.md › Backups.
 */
loadDotEnvFile();
const config = loadConfig();
const backupDir = process.argv[2];
if (!backupDir) {
  console.error('usage: npm run db:restore -- <backup folder>');
  process.exit(2);
}
const hasTables = async () => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
  });
  try {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    )) as unknown as { rows: Array<{ n: number }> };
    return (result.rows[0]?.n ?? 0) > 0;
  } finally {
    await database.close();
  }
};
try {
  const manifest = await restoreBackup(
    path.resolve(config.repoRoot, backupDir),
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    hasTables,
  );
  console.log(
    `restored the ${manifest.database} backup of ${manifest.createdAt} from ${path.resolve(config.repoRoot, backupDir)}`,
  );
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  if (!(error instanceof BackupError || error instanceof DatabaseInUseError)) console.error(error);
  process.exitCode = 1;
}
