import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { apiPath } from '../../config/api-root';

/** The product's own compact copy of openfootball (scripts/build-football-data.mjs writes it). */
export const BUNDLED_OPENFOOTBALL_DIR = apiPath('data/openfootball');

const DATA_FILE = /\.json(\.gz)?$/i;

/** Every .json / .json.gz file under `target` (or `target` itself), in path order. */
export async function listOpenfootballFiles(target: string): Promise<string[]> {
  const info = await stat(target);
  if (!info.isDirectory()) return [target];
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && DATA_FILE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export const readOpenfootballFile = (file: string): Promise<Buffer> => readFile(file);
