import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The monorepo root: the nearest ancestor of this file whose package.json declares workspaces.
 * Relative paths in the environment (DATA_DIR, …) resolve from here, whatever the working
 * directory (`npm -w` runs scripts inside apps/api).
 */
export function findRepoRoot(start: string = import.meta.dirname): string {
  if (cached && start === import.meta.dirname) return cached;
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && hasWorkspaces(manifest)) break;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  if (start === import.meta.dirname) cached = dir;
  return dir;
}

function hasWorkspaces(manifest: string): boolean {
  try {
    return 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return false;
  }
}

/** The directory a command was typed in: npm runs workspace scripts in apps/api but says where in INIT_CWD. */
export function callerDirectory(): string {
  return process.env.INIT_CWD ?? process.cwd();
}
