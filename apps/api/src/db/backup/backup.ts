import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDirOf } from '../client';
import { lockPgliteDir } from '../pglite-lock';

/**
 * `npm run db:backup` / `npm run db:restore` (issue #31.3, decision 117). A backup is a folder:
 *
 *   manifest.json     what it holds, with the sha256 and size of every file below
 *   pglite.tar.gz     the embedded database (PGlite's own data-dir dump), or
 *   postgres.dump     pg_dump's custom format of DATABASE_URL's database
 *   data/…            DATA_DIR's files: profile images, the generated jwt-secret, mail files
 *
 * A restore goes into an empty target only (a fresh DATA_DIR and, on PostgreSQL, a database with
 * no tables), so it can never blend two ledgers. Every file's hash is checked before anything is
 * written.
 */

export const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'pglite.tar.gz';
const POSTGRES_DUMP = 'postgres.dump';
const DATA = 'data';

export interface BackupTarget {
  /** postgres://… or undefined for the embedded database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
}

interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  files: ManifestFile[];
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function* filesUnder(dir: string, prefix = ''): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), relative);
    else if (entry.isFile()) yield relative;
  }
}

/** DATA_DIR's own files: everything but the embedded database and its lock, which are dumped. */
function dataFiles(dataDir: string): string[] {
  return [...filesUnder(dataDir)].filter(
    (file) => !file.startsWith(`pglite${path.sep}`) && file !== 'pglite.lock' && file !== 'pglite',
  );
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', (error) =>
      reject(
        new BackupError(
          `${command} could not be run (${error.message}): install the PostgreSQL client tools of the server's major version`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export async function createBackup(source: BackupTarget, outDir: string): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0)
    throw new BackupError(`${outDir} is not empty: give a new folder for the backup`);
  // Owner only: the folder holds the JWT secret and every account's data.
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const database = source.databaseUrl ? 'postgres' : 'pglite';
  if (source.databaseUrl) {
    // One consistent snapshot of the whole database, taken while it serves.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(outDir, POSTGRES_DUMP),
      source.databaseUrl,
    ]);
  } else {
    const dir = pgliteDirOf(source.dataDir);
    if (!existsSync(dir)) throw new BackupError(`no embedded database in ${dir}`);
    // Takes the directory's lock: refused while a server has the database open.
    const release = lockPgliteDir(dir);
    try {
      const client = await PGlite.create(dir);
      try {
        const dump = await client.dumpDataDir('gzip');
        writeFileSync(path.join(outDir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
  }
  for (const file of dataFiles(source.dataDir)) {
    const target = path.join(outDir, DATA, file);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(source.dataDir, file), target, { preserveTimestamps: true });
  }
  const files = [...filesUnder(outDir)].map((file) => ({
    path: file.split(path.sep).join('/'),
    sha256: sha256Of(path.join(outDir, file)),
    bytes: statSync(path.join(outDir, file)).size,
  }));
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database, files };
  writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(backupDir: string): Manifest {
  const file = path.join(backupDir, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${backupDir} has no ${MANIFEST}: not a backup`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${file}: unknown backup format ${manifest.format}`);
  for (const entry of manifest.files) {
    const full = path.join(backupDir, entry.path);
    if (!existsSync(full)) throw new BackupError(`the backup lacks ${entry.path}`);
    if (sha256Of(full) !== entry.sha256)
      throw new BackupError(`${entry.path} does not match its hash: the backup is damaged`);
  }
  return manifest;
}

/**
 * Restores into an empty target; `hasTables` answers whether the PostgreSQL target already holds
 * a schema (the caller asks the database: SQL stays out of this file).
 */
export async function restoreBackup(
  backupDir: string,
  target: BackupTarget,
  hasTables: () => Promise<boolean>,
): Promise<Manifest> {
  const manifest = readManifest(backupDir);
  const wanted = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== wanted)
    throw new BackupError(
      `this backup holds a ${manifest.database} database and the target is ${wanted}: restore it into the same kind (set or unset DATABASE_URL)`,
    );
  // A jwt-secret in the target was generated by this very command's start (loadConfig) or by a
  // start on an empty database: no session was ever signed with it, and the backup's replaces it.
  const clashing = manifest.files
    .filter((f) => f.path.startsWith(`${DATA}/`))
    .map((f) => f.path.slice(DATA.length + 1))
    .filter((file) => file !== 'jwt-secret' && existsSync(path.join(target.dataDir, file)));
  if (clashing.length > 0)
    throw new BackupError(
      `DATA_DIR ${target.dataDir} already has ${clashing[0]}: restore into an empty DATA_DIR`,
    );

  if (target.databaseUrl) {
    if (await hasTables())
      throw new BackupError('the target database already has tables: restore into a new, empty database');
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      path.join(backupDir, POSTGRES_DUMP),
    ]);
  } else {
    const dir = pgliteDirOf(target.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new BackupError(`${dir} already holds a database: restore into an empty DATA_DIR`);
    mkdirSync(path.dirname(dir), { recursive: true });
    const release = lockPgliteDir(dir);
    try {
      const dump = new Blob([readFileSync(path.join(backupDir, PGLITE_DUMP))]);
      const client = await PGlite.create(dir, { loadDataDir: dump });
      await client.query('select 1');
      await client.close();
    } finally {
      release();
    }
  }
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(`${DATA}/`)) continue;
    const to = path.join(target.dataDir, entry.path.slice(DATA.length + 1));
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(backupDir, entry.path), to, { preserveTimestamps: true });
  }
  return manifest;
}
