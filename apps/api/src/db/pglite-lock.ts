import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded (PGlite) database directory (issue #31.3): PGlite has no
 * server to arbitrate, and two processes writing one data directory corrupt it. A lock file beside
 * the directory holds the owner's pid and host; a lock whose process is gone (a crash, kill -9) is
 * taken over. Removed on close, and on exit if close never ran.
 */

export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: string,
  ) {
    super(
      `the embedded database in ${dir} is in use by ${owner}: stop that process first (a second one would corrupt it). If it is gone, delete ${lockFileOf(dir)}`,
    );
    this.name = 'DatabaseInUseError';
  }
}

export function lockFileOf(dir: string): string {
  return `${dir}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DatabaseInUseError; returns the release function. */
export function lockPgliteDir(dir: string): () => void {
  const file = lockFileOf(dir);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      const release = () => {
        process.removeListener('exit', release);
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: { pid?: number; host?: string } = {};
    try {
      owner = JSON.parse(readFileSync(file, 'utf8')) as typeof owner;
    } catch {
      // Half-written or unreadable: treat as held, and say so below.
    }
    const sameHost = owner.host === os.hostname();
    if (sameHost && typeof owner.pid === 'number' && !isAlive(owner.pid)) {
      rmSync(file, { force: true }); // left by a process that died: take it over
      continue;
    }
    throw new DatabaseInUseError(
      path.resolve(dir),
      owner.pid ? `process ${owner.pid} on ${owner.host ?? 'an unknown host'}` : 'another process',
    );
  }
  throw new DatabaseInUseError(path.resolve(dir), 'another process');
}
