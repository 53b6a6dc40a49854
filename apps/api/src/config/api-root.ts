import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The API package's folder (apps/api): the nearest ancestor of this file whose package.json is
 * @tips/api. Files the server reads at run time (SQL migrations, the bundled football data, the
 * stand-in PayPal SDK) are found from here, so the same code works from the TypeScript sources
 * (tsx, tests) and from the one-file build in apps/api/dist (apps/api/scripts/build.mjs), whose
 * import.meta.url no longer sits beside them.
 */
export function apiRoot(): string {
  if (cached) return cached;
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@tips/api') break;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`@tips/api package.json not found above ${import.meta.dirname}`);
    dir = parent;
  }
  cached = dir;
  return dir;
}

/** A file or folder of the API package, by its path inside apps/api. */
export const apiPath = (...segments: string[]): string => path.join(apiRoot(), ...segments);
