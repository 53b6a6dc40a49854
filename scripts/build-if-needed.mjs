// `npm start`: builds the web app and the API only when a source changed since their last build,
// so a restart serves what was built instead of rebuilding on every start (about a minute of Vite
// on two cores). A build records what it was built from in <dist>/.built-from; any newer input file
// (or a missing build) triggers that part's build again.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.data', 'test-results']);

const parts = [
  {
    workspace: '@tips/web',
    dist: 'apps/web/dist',
    // public/locales is written by the build itself (merge-locales), from apps/web/locales.
    inputs: [
      'apps/web/src',
      'apps/web/locales',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    ignore: ['apps/web/public/locales'],
  },
  {
    workspace: '@tips/api',
    dist: 'apps/api/dist',
    inputs: ['apps/api/src', 'apps/api/scripts', 'apps/api/package.json'],
    ignore: [],
  },
];
const shared = [
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'apps/web/public',
];

function newestMtime(entry, ignore) {
  const full = path.join(root, entry);
  if (!existsSync(full) || ignore.some((i) => entry === i || entry.startsWith(`${i}/`))) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(full)) {
    if (SKIP.has(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name), ignore));
  }
  return newest;
}

const force = process.argv.includes('--force');
for (const part of parts) {
  const stamp = path.join(root, part.dist, '.built-from');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const ignore = [...part.ignore, 'apps/web/public/locales'];
  const changedAt = Math.max(...[...part.inputs, ...shared].map((entry) => newestMtime(entry, ignore)));
  if (!force && builtAt > 0 && changedAt <= builtAt) {
    console.log(`${part.workspace}: build is current (${part.dist})`);
    continue;
  }
  const startedAt = Date.now();
  execFileSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `built ${new Date(startedAt).toISOString()}\n`);
}
