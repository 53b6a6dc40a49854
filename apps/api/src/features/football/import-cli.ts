import path from 'node:path';
import { loadConfig, loadDotEnvFile } from '../../config/env';
import { callerDirectory } from '../../config/repo-root';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { writeFixtures } from './fixtures.service';
import { OpenfootballFileError, parseOpenfootballFile } from './openfootball';
import { BUNDLED_OPENFOOTBALL_DIR, listOpenfootballFiles, readOpenfootballFile } from './openfootball-files';

/**
 * `npm run data:import -- [file or folder]`: imports openfootball files (default: the bundled
 * copy) into the configured database, after migrating it. Exit code 0 when it ran, even if some
 * matches, or files of competitions the catalogue lacks, were skipped; 1 when some input cannot be
 * read (no such path, not JSON, not openfootball's shape) — the readable files are imported anyway.
 */
loadDotEnvFile();
const config = loadConfig();
// npm runs workspace scripts in apps/api; a relative path means the caller's directory.
const callerDir = callerDirectory();
const target = process.argv[2] ? path.resolve(callerDir, process.argv[2]) : BUNDLED_OPENFOOTBALL_DIR;

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
let files: string[];
try {
  files = await listOpenfootballFiles(target);
} catch (error) {
  console.error(`cannot read ${target}: ${(error as Error).message}`);
  process.exit(1);
}
if (files.length === 0) {
  console.error(`no .json or .json.gz files under ${target}`);
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
console.log(`database opened and migrated (${database.kind}) in ${seconds(started)} s`);
const importStarted = performance.now();
const totals = {
  files: 0,
  skippedFiles: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  skippedMatches: 0,
  results: 0,
};
let unreadable = 0;
try {
  for (const file of files) {
    const shown = path.relative(target, file) || path.basename(file);
    let content: Buffer;
    try {
      content = await readOpenfootballFile(file);
    } catch (error) {
      console.error(`${shown}: cannot read (${(error as Error).message})`);
      unreadable++;
      continue;
    }
    let parsed: ReturnType<typeof parseOpenfootballFile>;
    try {
      parsed = parseOpenfootballFile(file, content);
    } catch (error) {
      if (!(error instanceof OpenfootballFileError)) throw error;
      console.warn(`${shown}: skipped: ${error.message}`);
      totals.skippedFiles++;
      if (error.kind === 'unreadable') unreadable++;
      continue;
    }
    const now = new Date();
    const report = await database.db.transaction((tx) => writeFixtures(tx, parsed.fixtures, now));
    totals.files++;
    totals.added += report.added;
    totals.updated += report.updated;
    totals.unchanged += report.unchanged;
    totals.results += report.resultChangedIds.length;
    totals.skippedMatches += parsed.problems.length;
    console.log(
      `${shown}: ${parsed.competition.code} ${parsed.season}: ${report.added} added, ${report.updated} updated, ` +
        `${report.unchanged} unchanged${parsed.problems.length > 0 ? `, ${parsed.problems.length} skipped` : ''}`,
    );
    for (const p of parsed.problems) {
      console.log(
        `  matches[${p.match.index}] ${p.match.homeTeam ?? '?'} v ${p.match.awayTeam ?? '?'}: ${p.reason}`,
      );
    }
  }
} finally {
  await database.close();
}
console.log(
  `${totals.files} files imported (${database.kind}), ${totals.skippedFiles} skipped: ${totals.added} added, ` +
    `${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.skippedMatches} matches skipped, ` +
    `${totals.results} results arrived, in ${seconds(importStarted)} s (${seconds(started)} s in all)`,
);
process.exit(unreadable > 0 ? 1 : 0);
