// Compiles the API to plain JavaScript in apps/api/dist, so production runs `node` with no
// TypeScript runtime (tsx is a dev tool). esbuild bundles the API's own sources and the contract
// package (@tips/contract is TypeScript source, consumed through the workspace); every other
// package stays an import that Node resolves from node_modules at run time (native ones such as
// sharp, argon2 and PGlite's WebAssembly cannot be bundled). Files read at run time (migrations,
// football data, the stand-in PayPal SDK) stay where they are: config/api-root.ts finds them.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiDir, 'dist');

/** Bare imports stay external except the workspace's own contract, which is TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@tips/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'seed-cli': 'src/db/seed/seed-cli.ts',
    'import-cli': 'src/features/football/import-cli.ts',
    'backup-cli': 'src/db/backup/backup-cli.ts',
    'restore-cli': 'src/db/backup/restore-cli.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node release engines allows (package.json); nothing newer is emitted.
  target: 'node22',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
// Marks the folder as ES modules whatever package.json is next to it when copied alone.
await writeFile(path.join(outdir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
console.log(`API built into ${path.relative(process.cwd(), outdir) || '.'}`);
