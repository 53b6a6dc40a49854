import path from 'node:path';
import { loadConfig, loadDotEnvFile } from '../../config/env';
import { BackupError, createBackup } from './backup';

/**
 * `npm run db:backup -- [folder]`: the configured database (PostgreSQL through pg_dump while it
 * serves; the embedded database only while no server has it open) and DATA_DIR's files into a new
 * folder, default backups/tips-<time> under the repository root. docs/deployment.md › Backups.
 */
loadDotEnvFile();
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// Relative paths are from the repository root, like DATA_DIR (npm runs this from apps/api).
const outDir = path.resolve(config.repoRoot, process.argv[2] ?? path.join('backups', `tips-${stamp}`));
try {
  const manifest = await createBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, outDir);
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `backup written to ${outDir} (${manifest.database}, ${manifest.files.length} files, ${bytes} bytes)`,
  );
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  if (!(error instanceof BackupError)) console.error(error);
  process.exitCode = 1;
}
