#!/usr/bin/env node
// QUALITY: the landing route (/) ships at most 160 KB of gzip JavaScript; every other route is
// lazy. The same figure as the bench's "Landing route JavaScript" row (apps/api/bench/lib/
// web-metrics.ts, `landingRouteJs`; scripts/landing-budget.test.ts proves they agree): the entry
// script of dist/index.html, every modulepreload it lists and their static imports, transitively,
// each gzipped at level 6. A size, not a timing, so it is asserted: `npm run build -w @tips/web`
// runs this last and fails above the budget, naming the files. Decision 060.
//
// The sign-in page has its own budget, the landing route's scripts plus its route's own
// (route-chunks.json, what the server modulepreloads for /login): it paints without axios or zod,
// which load when the form is focused or sent (decision 193). Over it, those are back on its path.
//
//   node apps/web/scripts/check-landing-budget.mjs [distDir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_BYTES = 160 * 1024;
export const SIGN_IN_JS_BUDGET_BYTES = 175 * 1024;
const SIGN_IN_ROUTE = 'login';

// Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import("…")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** @returns {{ files: Array<{ file: string; bytes: number; gzipBytes: number }>; gzipBytes: number }} */
export function landingRouteJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const seen = new Set();
  const queue = roots.map((url) => path.join(distDir, url.replace(/^\//, '')));
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const source = readFileSync(file);
    files.push({
      file: path.relative(distDir, file),
      bytes: source.length,
      gzipBytes: gzipSync(source, { level: 6 }).length,
    });
    for (const match of source.toString('utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1]));
    }
  }
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** The landing route's scripts plus those route-chunks.json lists for `routePath` (a router path). */
export function pageRouteJs(distDir, routePath) {
  const landing = landingRouteJs(distDir);
  const table = JSON.parse(readFileSync(path.join(distDir, 'route-chunks.json'), 'utf8'));
  const route = table.find((entry) => entry.path === routePath);
  if (!route) throw new Error(`route-chunks.json has no route '${routePath}'`);
  const own = route.files.map((url) => {
    const source = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return {
      file: url.replace(/^\//, ''),
      bytes: source.length,
      gzipBytes: gzipSync(source, { level: 6 }).length,
    };
  });
  const files = [...landing.files, ...own];
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the figure; above the budget, lists the files and returns false. */
function withinBudget(label, { files, gzipBytes }, budget, advice) {
  const summary = `${label}: ${kb(gzipBytes)} gzip in ${files.length} files (budget ${kb(budget)})`;
  if (gzipBytes <= budget) {
    console.log(summary);
    return true;
  }
  console.error(`${summary}: OVER BUDGET`);
  for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.error(`  ${f.file}  ${kb(f.gzipBytes)} gzip (${kb(f.bytes)} raw)`);
  }
  console.error(advice);
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const landing = withinBudget(
    'landing route JavaScript',
    landingRouteJs(distDir),
    LANDING_JS_BUDGET_BYTES,
    'Something the home page does not paint first is bundled into it: load it with import() (see the build log for INEFFECTIVE_DYNAMIC_IMPORT).',
  );
  const signIn = withinBudget(
    'sign-in page JavaScript',
    pageRouteJs(distDir, SIGN_IN_ROUTE),
    SIGN_IN_JS_BUDGET_BYTES,
    'The sign-in page imports something it does not paint: axios (lib/api-client) or zod load when the form is used (decision 193).',
  );
  if (!landing || !signIn) process.exit(1);
}
